import { describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOMIZER, MINI_SIDEBAR_WIDTH, parseCustomizer, SIDEBAR_WIDTH, TOPBAR_HEIGHT } from './customizer-settings';

describe('customizer settings', () => {
  it('has the spec section 3 defaults', () => {
    expect(DEFAULT_CUSTOMIZER).toEqual({
      direction: 'ltr',
      theme: 'BLUE_THEME',
      layout: 'vertical',
      container: 'boxed',
      sidebar: 'full',
      cardShadow: true,
      borderRadius: 7,
    });
    expect([SIDEBAR_WIDTH, MINI_SIDEBAR_WIDTH, TOPBAR_HEIGHT]).toEqual([270, 87, 70]);
  });

  it('gives the defaults when nothing is stored', () => {
    expect(parseCustomizer(null)).toEqual(DEFAULT_CUSTOMIZER);
    expect(parseCustomizer('')).toEqual(DEFAULT_CUSTOMIZER);
  });

  it('gives the defaults for unreadable or non-object JSON', () => {
    expect(parseCustomizer('{not json')).toEqual(DEFAULT_CUSTOMIZER);
    expect(parseCustomizer('[1,2]')).toEqual(DEFAULT_CUSTOMIZER);
    expect(parseCustomizer('"BLUE_THEME"')).toEqual(DEFAULT_CUSTOMIZER);
  });

  it('keeps valid stored values', () => {
    const stored = {
      direction: 'rtl',
      theme: 'PURPLE_THEME',
      layout: 'horizontal',
      container: 'full',
      sidebar: 'mini',
      cardShadow: false,
      borderRadius: 12,
    };
    expect(parseCustomizer(JSON.stringify(stored))).toEqual(stored);
  });

  it('replaces each bad field by its default and keeps the good ones', () => {
    const parsed = parseCustomizer(
      JSON.stringify({ theme: 'PINK_THEME', layout: 'diagonal', sidebar: 'mini', cardShadow: 'yes', borderRadius: 999 }),
    );
    expect(parsed).toEqual({ ...DEFAULT_CUSTOMIZER, sidebar: 'mini' });
  });

  it('takes the direction from the language when none was chosen', () => {
    expect(parseCustomizer(null, 'ar').direction).toBe('rtl');
    expect(parseCustomizer(null, 'fr').direction).toBe('ltr');
    expect(parseCustomizer(JSON.stringify({ direction: 'ltr' }), 'ar').direction).toBe('ltr');
  });
});
