/**
 * The theme's measures that both styling paths read (decisions 071, 082): the MUI theme
 * (build-theme.ts) and the sign-in page's plain CSS, which reads them through the CSS variables MUI
 * writes from the theme (`--sms-font-*`, `--sms-palette-*`, `--sms-shape-borderRadius`), defined by
 * the sign-in entry from these same values (scheme-variables.ts). A change here shows in both.
 * No MUI here: the sign-in entry imports this file.
 */

/** The type scale: MUI's `typography` variants. */
export const TYPE_SCALE = {
  h1: { fontWeight: 600, fontSize: '2.25rem', lineHeight: 1.2 },
  h2: { fontWeight: 600, fontSize: '1.875rem', lineHeight: 1.2 },
  h3: { fontWeight: 600, fontSize: '1.5rem', lineHeight: 1.3 },
  h4: { fontWeight: 600, fontSize: '1.3125rem', lineHeight: 1.35 },
  h5: { fontWeight: 600, fontSize: '1.125rem', lineHeight: 1.6 },
  h6: { fontWeight: 600, fontSize: '1rem', lineHeight: 1.6 },
  button: { fontWeight: 600 },
  body1: { fontWeight: 400, fontSize: '0.875rem', lineHeight: 1.35 },
  body2: { fontWeight: 400, fontSize: '0.8125rem', lineHeight: 1.4 },
  subtitle1: { fontSize: '0.875rem', fontWeight: 400 },
  subtitle2: { fontSize: '0.875rem', fontWeight: 500 },
} as const;

/** The variants the sign-in page's CSS reads (`font: var(--sms-font-<variant>)`). */
const SIGN_IN_VARIANTS = ['h4', 'h5', 'body1', 'body2'] as const;

/**
 * What text and outlines are drawn against, per scheme (MUI's `palette.common.onBackground`); a
 * text field's resting outline is this colour at 23 %.
 */
export const ON_BACKGROUND = { light: '#000', dark: '#fff' } as const;

/** `#fff` -> `255 255 255`, as MUI writes a colour's `*Channel` variable. */
export function hexChannels(hex: string): string {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)).join(' ');
}

/** `--sms-font-<variant>` as MUI's theme writes them (weight size/line-height family), for the variants the sign-in page reads. */
export function fontVariables(fontFamily: string): Record<`--sms-${string}`, string> {
  return Object.fromEntries(
    SIGN_IN_VARIANTS.map((variant) => {
      const { fontWeight, fontSize, lineHeight } = TYPE_SCALE[variant];
      return [`--sms-font-${variant}`, `${fontWeight} ${fontSize}/${lineHeight} ${fontFamily}`];
    }),
  );
}
