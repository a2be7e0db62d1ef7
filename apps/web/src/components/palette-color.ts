import type { Theme } from '@mui/material/styles';

/** A palette path ('success.main', 'grey.400') to its colour in the theme (for CSS the sx shorthands do not map, and SVG). */
export function paletteColor(theme: Theme, path: string): string {
  let value: unknown = theme.palette;
  for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === 'string' ? value : theme.palette.primary.main;
}
