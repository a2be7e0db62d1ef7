import { describe, expect, it } from 'vitest';
import { DEFAULT_FAVICON, faviconLinks, iconType } from './favicon';

describe('favicon choice', () => {
  it('uses the bundled icon while none is uploaded', () => {
    expect(faviconLinks({ faviconUrl: null, faviconUrls: null })).toEqual({
      icon: { href: '/favicon.svg', type: 'image/svg+xml' },
      appleTouchIcon: null,
    });
    expect(DEFAULT_FAVICON).toBe('/favicon.svg');
  });

  it('uses the uploaded favicon and its 180 px rendition', () => {
    const links = faviconLinks({
      faviconUrl: '/api/brand-assets/abc.ico',
      faviconUrls: { png32: '/api/brand-assets/d.png', png180: '/api/brand-assets/e.png' },
    });
    expect(links).toEqual({ icon: { href: '/api/brand-assets/abc.ico', type: 'image/x-icon' }, appleTouchIcon: '/api/brand-assets/e.png' });
  });

  it('ignores renditions left without a favicon', () => {
    expect(faviconLinks({ faviconUrl: '', faviconUrls: { png32: '/a.png', png180: '/b.png' } }).appleTouchIcon).toBeNull();
  });

  it('names the type by extension, absolute URLs and query strings included', () => {
    expect(iconType('https://cdn.example.org/x/logo.PNG?v=2')).toBe('image/png');
    expect(iconType('/a.webp')).toBe('image/webp');
    expect(iconType('/a.jpg')).toBe('image/jpeg');
    expect(iconType('/a')).toBe('');
  });
});
