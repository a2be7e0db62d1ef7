import { z } from 'zod';
import { LOCALES } from './locales.ts';

/** The six colour themes of the customizer (spec section 3), BLUE_THEME first. */
export const COLOR_THEME_NAMES = ['BLUE_THEME', 'AQUA_THEME', 'PURPLE_THEME', 'GREEN_THEME', 'CYAN_THEME', 'ORANGE_THEME'] as const;
export const THEME_MODES = ['light', 'dark', 'system'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;

/**
 * Display preferences saved to the account and applied when a session starts (the language is
 * the user's `locale`). null = not chosen: the browser's own setting stays.
 */
export const preferencesSchema = z.object({
  direction: z.enum(DIRECTIONS, { error: 'direction must be ltr or rtl' }).nullable(),
  mode: z.enum(THEME_MODES, { error: `mode must be one of ${THEME_MODES.join(', ')}` }).nullable(),
  colorTheme: z.enum(COLOR_THEME_NAMES, { error: `colorTheme must be one of ${COLOR_THEME_NAMES.join(', ')}` }).nullable(),
  /** The dashboard's getting-started list closed for good by this user (decision 086); absent until then. */
  gettingStartedDismissed: z.boolean({ error: 'gettingStartedDismissed must be true or false' }).optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const EMPTY_PREFERENCES: Preferences = { direction: null, mode: null, colorTheme: null };

/** PUT /api/users/me/preferences: any subset, plus the interface language. */
export const updatePreferencesBodySchema = preferencesSchema.partial().extend({
  locale: z
    .enum(LOCALES, { error: 'locale must be one of the languages the interface offers (en, fr, ar, zh or a locale such as de-DE)' })
    .optional(),
});
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBodySchema>;

/** A stored preferences value made safe: unknown or invalid choices become null; getting started hidden only when true. */
export function readPreferences(value: unknown): Preferences {
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const pick = <K extends 'direction' | 'mode' | 'colorTheme'>(key: K): Preferences[K] => {
    const parsed = preferencesSchema.shape[key].safeParse(stored[key] ?? null);
    return parsed.success ? (parsed.data as Preferences[K]) : null;
  };
  return {
    direction: pick('direction'),
    mode: pick('mode'),
    colorTheme: pick('colorTheme'),
    ...(stored.gettingStartedDismissed === true ? { gettingStartedDismissed: true } : {}),
  };
}
