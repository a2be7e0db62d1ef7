import { describe, expect, it } from 'vitest';
import {
  BRAND_FONTS,
  BRAND_MESSAGES,
  BRAND_UPLOAD_LIMITS,
  brandAssetParamsSchema,
  brandSettingsSchema,
  brandUpdateSchema,
  DEFAULT_BRAND,
  DEFAULT_BRAND_SETTINGS,
  formatBytes,
  logoUploadFieldsSchema,
  readBrandSettings,
  sameBrandSettings,
  tooLargeMessage,
  wrongTypeMessage,
} from './brand.ts';

/** The messages of the first issue when `body` is refused, or [] when accepted. */
const problems = (body: unknown) =>
  brandUpdateSchema.safeParse(body).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('brand update rules', () => {
  it('takes logo widths 50 to 500 as whole numbers only', () => {
    for (const ok of [50, 180, 500]) expect(problems({ logoWidth: ok }), String(ok)).toEqual([]);
    for (const bad of [49, 501, 50.5, 0, -1, '100', null, Number.NaN]) {
      expect(problems({ logoWidth: bad }), String(bad)).toEqual([`logoWidth: ${BRAND_MESSAGES.logoWidth}`]);
    }
    expect(BRAND_MESSAGES.logoWidth).toBe('Logo width must be between 50 and 500 pixels');
  });

  it('takes logo heights 30 to 200 as whole numbers only', () => {
    for (const ok of [30, 70, 200]) expect(problems({ logoHeight: ok }), String(ok)).toEqual([]);
    for (const bad of [29, 201, 30.5, '70']) {
      expect(problems({ logoHeight: bad }), String(bad)).toEqual([`logoHeight: ${BRAND_MESSAGES.logoHeight}`]);
    }
    expect(BRAND_MESSAGES.logoHeight).toBe('Logo height must be between 30 and 200 pixels');
  });

  it('takes colours as #RRGGBB or #RGB in either case', () => {
    for (const field of ['primaryColor', 'secondaryColor', 'accentColor']) {
      for (const ok of ['#abc', '#ABC', '#041E42', '#2bd1ee']) expect(problems({ [field]: ok }), ok).toEqual([]);
      for (const bad of ['#abcd', 'abc', '#GGGGGG', '041E42', '#041E421', '', ' #abc', 'red', 12]) {
        expect(problems({ [field]: bad }), String(bad)).toEqual([`${field}: Invalid color format. Use hex format (#RRGGBB)`]);
      }
    }
  });

  it('takes an app name of 1 to 80 characters (trimmed)', () => {
    expect(brandUpdateSchema.parse({ appName: '  Acme SMS  ' })).toEqual({ appName: 'Acme SMS' });
    expect(problems({ appName: 'x'.repeat(80) })).toEqual([]);
    expect(problems({ appName: 'x'.repeat(81) })).toEqual(['appName: App name must be at most 80 characters']);
    expect(problems({ appName: '' })).toEqual(['appName: App name is required']);
    expect(problems({ appName: '   ' })).toEqual(['appName: App name is required']);
    expect(problems({ appName: 5 })).toEqual(['appName: App name must be text']);
  });

  it('takes a description of up to 300 characters, empty included', () => {
    expect(problems({ description: '' })).toEqual([]);
    expect(problems({ description: 'd'.repeat(300) })).toEqual([]);
    expect(problems({ description: 'd'.repeat(301) })).toEqual(['description: Description must be at most 300 characters']);
  });

  it('takes fonts from the allow-list only', () => {
    for (const font of BRAND_FONTS) expect(problems({ fontFamily: font }), font).toEqual([]);
    expect(problems({ fontFamily: 'Comic Sans MS' })).toEqual([`fontFamily: Font family must be one of ${BRAND_FONTS.join(', ')}`]);
    expect(problems({ fontFamily: 'inter' })).toHaveLength(1);
  });

  it('takes asset paths as null only', () => {
    for (const field of ['logoPath', 'faviconPath', 'loginBackgroundPath']) {
      expect(problems({ [field]: null })).toEqual([]);
      expect(problems({ [field]: '/etc/passwd' })[0]).toMatch(new RegExp(`^${field}: ${field} can only be null`));
    }
  });

  it('needs at least one known field and strips unknown ones', () => {
    expect(problems({})).toEqual([': Send at least one brand setting to change']);
    expect(problems({ colour: '#fff' })).toEqual([': Send at least one brand setting to change']);
    expect(problems(undefined)).toHaveLength(1);
    expect(brandUpdateSchema.parse({ appName: 'A', colour: '#fff' })).toEqual({ appName: 'A' });
  });
});

describe('logo upload fields', () => {
  it('coerces the multipart strings with the same rules', () => {
    expect(logoUploadFieldsSchema.parse({ logoWidth: '200', logoHeight: '30' })).toEqual({ logoWidth: 200, logoHeight: 30 });
    expect(logoUploadFieldsSchema.parse({})).toEqual({});
    expect(logoUploadFieldsSchema.safeParse({ logoWidth: '501' }).error?.issues[0]?.message).toBe(BRAND_MESSAGES.logoWidth);
    expect(logoUploadFieldsSchema.safeParse({ logoWidth: '50.5' }).error?.issues[0]?.message).toBe(BRAND_MESSAGES.logoWidth);
    expect(logoUploadFieldsSchema.safeParse({ logoWidth: 'wide' }).error?.issues[0]?.message).toBe(BRAND_MESSAGES.logoWidth);
    expect(logoUploadFieldsSchema.safeParse({ logoHeight: '29' }).error?.issues[0]?.message).toBe(BRAND_MESSAGES.logoHeight);
  });
});

describe('brand constants', () => {
  it('keeps the spec defaults', () => {
    expect(DEFAULT_BRAND).toEqual({
      appName: 'SMS Management System',
      description: 'Professional SMS and communication management platform',
      logoWidth: 180,
      logoHeight: 70,
      primaryColor: '#041E42',
      secondaryColor: '#2BD1EE',
      accentColor: '#46ECB0',
      fontFamily: 'Inter',
    });
    expect(DEFAULT_BRAND_SETTINGS).toMatchObject({
      logoPath: null,
      logoUrl: null,
      faviconUrls: null,
      loginBackgroundUrl: null,
      ...DEFAULT_BRAND,
    });
  });

  it('states upload limits in words', () => {
    expect(BRAND_UPLOAD_LIMITS.logo.maxBytes).toBe(2 * 1024 * 1024);
    expect(BRAND_UPLOAD_LIMITS.loginBackground.maxBytes).toBe(5 * 1024 * 1024);
    expect(tooLargeMessage('logo')).toBe('Logo must be 2 MB or smaller');
    expect(tooLargeMessage('loginBackground')).toBe('Login background must be 5 MB or smaller');
    expect(wrongTypeMessage('logo')).toBe('Logo must be a PNG, JPEG, WebP or SVG image');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
  });

  it('checks asset URL parameters', () => {
    expect(brandAssetParamsSchema.safeParse({ hash: 'a'.repeat(64), ext: 'png' }).success).toBe(true);
    expect(brandAssetParamsSchema.safeParse({ hash: 'A'.repeat(64), ext: 'png' }).success).toBe(false);
    expect(brandAssetParamsSchema.safeParse({ hash: 'a'.repeat(64), ext: 'html' }).success).toBe(false);
  });
});

describe('the brand read without zod (readBrandSettings)', () => {
  const whole = {
    ...DEFAULT_BRAND_SETTINGS,
    logoPath: 'logo-abc.png',
    logoUrl: '/api/brand-assets/logo-abc.png',
    faviconUrls: { png32: '/f32.png', png180: '/f180.png' },
  };
  const without = (name: string) => Object.fromEntries(Object.entries(whole).filter(([key]) => key !== name));
  const samples: Array<[string, unknown]> = [
    ['the defaults', DEFAULT_BRAND_SETTINGS],
    ['a customised brand', whole],
    ['an unknown field more', { ...whole, extra: 'x' }],
    ['not an object', 'brand'],
    ['null', null],
    ['an array', []],
    ...Object.keys(whole).map((name): [string, unknown] => [`without ${name}`, without(name)]),
    ...Object.keys(whole).map((name): [string, unknown] => [`${name} a number`, { ...whole, [name]: 7 }]),
    ...Object.keys(whole).map((name): [string, unknown] => [`${name} text`, { ...whole, [name]: '7' }]),
    ...Object.keys(whole).map((name): [string, unknown] => [`${name} null`, { ...whole, [name]: null }]),
    ['a fractional width', { ...whole, logoWidth: 180.5 }],
    ['favicons without one size', { ...whole, faviconUrls: { png32: '/f32.png' } }],
    ['favicons with a number', { ...whole, faviconUrls: { png32: '/f32.png', png180: 180 } }],
  ];

  it.each(samples)('answers as brandSettingsSchema does: %s', (_name, sample) => {
    const parsed = brandSettingsSchema.safeParse(sample);
    expect(readBrandSettings(sample)).toEqual(parsed.success ? parsed.data : null);
  });
});

describe('sameBrandSettings', () => {
  it('compares the settings, not the order of their fields', () => {
    // The server answers in its schema's order; the defaults start with the images. A first visit
    // compared the two as JSON text and re-rendered the whole app with an equal brand.
    const reordered = Object.fromEntries(Object.entries(DEFAULT_BRAND_SETTINGS).reverse()) as typeof DEFAULT_BRAND_SETTINGS;
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(DEFAULT_BRAND_SETTINGS));
    expect(sameBrandSettings(reordered, DEFAULT_BRAND_SETTINGS)).toBe(true);
    expect(sameBrandSettings({ ...DEFAULT_BRAND_SETTINGS, primaryColor: '#000000' }, DEFAULT_BRAND_SETTINGS)).toBe(false);
    expect(
      sameBrandSettings(
        { ...DEFAULT_BRAND_SETTINGS, faviconUrls: { png32: '/a', png180: '/b' } },
        { ...DEFAULT_BRAND_SETTINGS, faviconUrls: { png32: '/a', png180: '/c' } },
      ),
    ).toBe(false);
  });
});
