/**
 * Height of a horizontal chart axis (tick, gap and one line of labels). MUI X's default (25 px)
 * leaves 16 px for the labels and drops any label it measures taller than that: with the Noto
 * fonts Linux desktops ship (and Arabic or Chinese glyphs anywhere) every label of an axis
 * vanished. 32 px holds one line of 12 px text in any of the product's scripts.
 */
export const X_AXIS_HEIGHT = 32;
