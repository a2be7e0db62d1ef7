// Without zod, so the first pages need not load it (decision 064); brand.ts re-exports all of it.
import type { BrandSettings } from './brand.ts';

/** Brand defaults of spec sections 1, 3 and 9. */
export const DEFAULT_BRAND = {
  appName: 'SMS Management System',
  description: 'Professional SMS and communication management platform',
  logoWidth: 180,
  logoHeight: 70,
  primaryColor: '#041E42',
  secondaryColor: '#2BD1EE',
  accentColor: '#46ECB0',
  fontFamily: 'Inter',
} as const;

/** Fonts the brand may use: web-safe families plus the ones the web app bundles. */
export const BRAND_FONTS = [
  'Inter',
  'Roboto',
  'Plus Jakarta Sans',
  'Open Sans',
  'Arial',
  'Helvetica',
  'Georgia',
  'Times New Roman',
  'Verdana',
  'Tahoma',
  'Trebuchet MS',
  'system-ui',
] as const;
export type BrandFont = (typeof BRAND_FONTS)[number];

/** Spec section 5 messages, word for word (the web shows the same text). */
export const BRAND_MESSAGES = {
  logoWidth: 'Logo width must be between 50 and 500 pixels',
  logoHeight: 'Logo height must be between 30 and 200 pixels',
  color: 'Invalid color format. Use hex format (#RRGGBB)',
} as const;

export const LOGO_WIDTH_RANGE = { min: 50, max: 500 } as const;
export const LOGO_HEIGHT_RANGE = { min: 30, max: 200 } as const;
export const APP_NAME_MAX_LENGTH = 80;
export const DESCRIPTION_MAX_LENGTH = 300;

const MB = 1024 * 1024;

/** The three uploadable brand assets: multipart field name, size limit and accepted types. */
export const BRAND_UPLOAD_LIMITS = {
  logo: {
    field: 'logo',
    label: 'Logo',
    maxBytes: 2 * MB,
    types: ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'],
    typeNames: 'a PNG, JPEG, WebP or SVG image',
  },
  favicon: {
    field: 'favicon',
    label: 'Favicon',
    maxBytes: 2 * MB,
    types: ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon', 'image/svg+xml'],
    typeNames: 'a PNG, JPEG, WebP, ICO or SVG image',
  },
  loginBackground: {
    field: 'loginBackground',
    label: 'Login background',
    maxBytes: 5 * MB,
    types: ['image/png', 'image/jpeg', 'image/webp'],
    typeNames: 'a PNG, JPEG or WebP image',
  },
} as const;
export type BrandAssetKind = keyof typeof BRAND_UPLOAD_LIMITS;

/** Every image upload checked and re-encoded like the brand's: the brand's three and the media library's (modules/gallery). */
export const IMAGE_UPLOAD_LIMITS = {
  ...BRAND_UPLOAD_LIMITS,
  galleryImage: {
    field: 'image',
    label: 'Image',
    maxBytes: 5 * MB,
    types: ['image/png', 'image/jpeg', 'image/webp'],
    typeNames: 'a PNG, JPEG or WebP image',
  },
} as const;
export type ImageUploadKind = keyof typeof IMAGE_UPLOAD_LIMITS;

/** "2 MB", "512 KB": how limits are written in messages. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Number((bytes / MB).toFixed(1))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** 'Logo must be 2 MB or smaller' */
export const tooLargeMessage = (kind: ImageUploadKind) =>
  `${IMAGE_UPLOAD_LIMITS[kind].label} must be ${formatBytes(IMAGE_UPLOAD_LIMITS[kind].maxBytes)} or smaller`;
/** 'Logo must be a PNG, JPEG, WebP or SVG image' */
export const wrongTypeMessage = (kind: ImageUploadKind) =>
  `${IMAGE_UPLOAD_LIMITS[kind].label} must be ${IMAGE_UPLOAD_LIMITS[kind].typeNames}`;

/** What GET answers when nothing was ever changed (and what reset answers). */
export const DEFAULT_BRAND_SETTINGS: BrandSettings = {
  logoPath: null,
  faviconPath: null,
  loginBackgroundPath: null,
  logoUrl: null,
  faviconUrl: null,
  faviconUrls: null,
  loginBackgroundUrl: null,
  ...DEFAULT_BRAND,
};

const NULLABLE_TEXT_FIELDS = ['logoPath', 'faviconPath', 'loginBackgroundPath', 'logoUrl', 'faviconUrl', 'loginBackgroundUrl'] as const;
const TEXT_FIELDS = ['primaryColor', 'secondaryColor', 'accentColor', 'appName', 'description', 'fontFamily'] as const;

/**
 * The brand settings in `value` (only their fields), or null when it is not a whole brand: what
 * brandSettingsSchema accepts, checked without zod for the brand every page loads at start
 * (decision 064). brand.test.ts holds the two to the same answers.
 */
export function readBrandSettings(value: unknown): BrandSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  const text = (field: unknown): field is string => typeof field === 'string';
  const favicons = fields.faviconUrls as Record<string, unknown> | null | undefined;
  const valid =
    NULLABLE_TEXT_FIELDS.every((name) => fields[name] === null || text(fields[name])) &&
    (favicons === null || (typeof favicons === 'object' && favicons !== undefined && text(favicons.png32) && text(favicons.png180))) &&
    Number.isInteger(fields.logoWidth) &&
    Number.isInteger(fields.logoHeight) &&
    TEXT_FIELDS.every((name) => text(fields[name]));
  if (!valid) return null;
  const picked = Object.fromEntries(Object.keys(DEFAULT_BRAND_SETTINGS).map((name) => [name, fields[name]])) as BrandSettings;
  return { ...picked, faviconUrls: favicons ? { png32: favicons.png32 as string, png180: favicons.png180 as string } : null };
}

/** Whether two brands hold the same settings, whatever the order of their fields. */
export function sameBrandSettings(a: BrandSettings, b: BrandSettings): boolean {
  return (Object.keys(DEFAULT_BRAND_SETTINGS) as Array<keyof BrandSettings>).every(
    (name) => JSON.stringify(a[name]) === JSON.stringify(b[name]),
  );
}
