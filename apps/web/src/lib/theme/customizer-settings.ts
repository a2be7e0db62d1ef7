import { directionOf, type Direction } from '@sms/contracts/languages';
import { DEFAULT_COLOR_THEME, isColorThemeName, type ColorThemeName } from './color-themes';

/** localStorage key of the customizer (mode is kept by MUI under mui-mode / mui-color-scheme). */
export const CUSTOMIZER_KEY = 'customizer';

/** Spec section 3 fixed layout sizes (px). */
export const SIDEBAR_WIDTH = 270;
export const MINI_SIDEBAR_WIDTH = 87;
export const TOPBAR_HEIGHT = 70;

export const BORDER_RADIUS_MIN = 0;
export const BORDER_RADIUS_MAX = 24;

/** The layout and theme preferences the customizer edits (client-only). */
export interface CustomizerSettings {
  direction: Direction;
  theme: ColorThemeName;
  layout: 'vertical' | 'horizontal';
  container: 'boxed' | 'full';
  sidebar: 'full' | 'mini';
  cardShadow: boolean;
  borderRadius: number;
}

/** Spec section 3 defaults: ltr, BLUE_THEME, vertical, boxed, full sidebar, card shadow, radius 7. */
export const DEFAULT_CUSTOMIZER: CustomizerSettings = {
  direction: 'ltr',
  theme: DEFAULT_COLOR_THEME,
  layout: 'vertical',
  container: 'boxed',
  sidebar: 'full',
  cardShadow: true,
  borderRadius: 7,
};

const oneOf = <T extends string>(value: unknown, options: readonly T[], fallback: T): T =>
  typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : fallback;

/**
 * Settings from their stored JSON: each field checked on its own so one bad value keeps the
 * others; missing or unreadable storage gives the defaults, with the direction of `language`.
 */
export function parseCustomizer(raw: string | null | undefined, language = 'en'): CustomizerSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const radius = stored.borderRadius;
  return {
    direction: oneOf(stored.direction, ['ltr', 'rtl'], directionOf(language)),
    theme: isColorThemeName(stored.theme) ? stored.theme : DEFAULT_CUSTOMIZER.theme,
    layout: oneOf(stored.layout, ['vertical', 'horizontal'], DEFAULT_CUSTOMIZER.layout),
    container: oneOf(stored.container, ['boxed', 'full'], DEFAULT_CUSTOMIZER.container),
    sidebar: oneOf(stored.sidebar, ['full', 'mini'], DEFAULT_CUSTOMIZER.sidebar),
    cardShadow: typeof stored.cardShadow === 'boolean' ? stored.cardShadow : DEFAULT_CUSTOMIZER.cardShadow,
    borderRadius:
      typeof radius === 'number' && Number.isFinite(radius) && radius >= BORDER_RADIUS_MIN && radius <= BORDER_RADIUS_MAX
        ? Math.round(radius)
        : DEFAULT_CUSTOMIZER.borderRadius,
  };
}

/** The settings as read at start-up. */
export function readCustomizer(language: string): CustomizerSettings {
  try {
    return parseCustomizer(window.localStorage.getItem(CUSTOMIZER_KEY), language);
  } catch {
    return parseCustomizer(null, language);
  }
}

/** Persists the settings. */
export function writeCustomizer(settings: CustomizerSettings): void {
  try {
    window.localStorage.setItem(CUSTOMIZER_KEY, JSON.stringify(settings));
  } catch {
    // storage full or blocked: settings last for this page only
  }
}
