/** A logo's display size in CSS pixels. */
export interface LogoSize {
  width: number;
  height: number;
}

/**
 * The configured logo size, scaled down (never up, aspect kept) to fit the room a place has:
 * the full sidebar and the sign-in pages show the configured size whenever it fits.
 */
export function fitLogoSize(size: LogoSize, room: { maxWidth?: number; maxHeight?: number } = {}): LogoSize {
  const scale = Math.min(1, room.maxWidth ? room.maxWidth / size.width : 1, room.maxHeight ? room.maxHeight / size.height : 1);
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}
