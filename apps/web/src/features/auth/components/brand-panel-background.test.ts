import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../lib/theme/color';
import { brandPanelBackground } from './brand-panel-background';

describe('brand panel background', () => {
  it('keeps white text readable on a light brand colour', () => {
    const css = brandPanelBackground('#2BD1EE', null);
    const first = /#[0-9A-F]{6}/.exec(css)?.[0] ?? '';
    expect(contrastRatio(first, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(css).not.toContain('url(');
  });

  it('veils the login background image', () => {
    const css = brandPanelBackground('#041E42', '/api/brand-assets/abc.jpg');
    expect(css).toMatch(
      /^linear-gradient\(140deg, #041E42C7 0%, #[0-9A-F]{6}E6 100%\), url\("\/api\/brand-assets\/abc\.jpg"\) center \/ cover no-repeat$/,
    );
  });

  it('escapes quotes in the image URL', () => {
    expect(brandPanelBackground('#041E42', '/a".png')).toContain('url("/a\\".png")');
  });
});
