import { z } from 'zod';
import {
  APP_NAME_MAX_LENGTH,
  BRAND_FONTS,
  BRAND_MESSAGES,
  DESCRIPTION_MAX_LENGTH,
  LOGO_HEIGHT_RANGE,
  LOGO_WIDTH_RANGE,
} from './brand-defaults.ts';

export * from './brand-defaults.ts';

const HEX_COLOR = /^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/;

/** Whole number in [min, max]; one message for every failure (wrong type, fraction, range). */
const pixels = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);

export const logoWidthSchema = pixels(LOGO_WIDTH_RANGE, BRAND_MESSAGES.logoWidth);
export const logoHeightSchema = pixels(LOGO_HEIGHT_RANGE, BRAND_MESSAGES.logoHeight);
export const hexColorSchema = z.string({ error: BRAND_MESSAGES.color }).regex(HEX_COLOR, BRAND_MESSAGES.color);
export const appNameSchema = z
  .string({ error: 'App name must be text' })
  .trim()
  .min(1, 'App name is required')
  .max(APP_NAME_MAX_LENGTH, `App name must be at most ${APP_NAME_MAX_LENGTH} characters`);
export const descriptionSchema = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);
export const fontFamilySchema = z.enum(BRAND_FONTS, { error: `Font family must be one of ${BRAND_FONTS.join(', ')}` });

/** Asset paths are set by uploads only; PUT may send null to remove the asset. */
const removeOnly = (field: string, upload: string) =>
  z.null({ error: `${field} can only be null (removes the asset); upload a new one with POST /api/brand-settings/${upload}` });

/** Favicon renditions for `<link rel="icon" sizes="32x32">` and `<link rel="apple-touch-icon">`. */
export const faviconUrlsSchema = z.object({ png32: z.string(), png180: z.string() });

/** GET /api/brand-settings: the whole brand, defaults filled in. URLs are content-addressed. */
export const brandSettingsSchema = z.object({
  logoPath: z.string().nullable(),
  faviconPath: z.string().nullable(),
  loginBackgroundPath: z.string().nullable(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  faviconUrls: faviconUrlsSchema.nullable(),
  loginBackgroundUrl: z.string().nullable(),
  logoWidth: z.number().int(),
  logoHeight: z.number().int(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  accentColor: z.string(),
  appName: z.string(),
  description: z.string(),
  fontFamily: z.string(),
});
export type BrandSettings = z.infer<typeof brandSettingsSchema>;

const updateFields = {
  logoWidth: logoWidthSchema,
  logoHeight: logoHeightSchema,
  primaryColor: hexColorSchema,
  secondaryColor: hexColorSchema,
  accentColor: hexColorSchema,
  appName: appNameSchema,
  description: descriptionSchema,
  fontFamily: fontFamilySchema,
  logoPath: removeOnly('logoPath', 'logo'),
  faviconPath: removeOnly('faviconPath', 'favicon'),
  loginBackgroundPath: removeOnly('loginBackgroundPath', 'login-background'),
};

/** PUT /api/brand-settings: one or more fields; unknown fields are stripped. */
export const brandUpdateSchema = z
  .object(updateFields, { error: 'Send a JSON object with at least one brand setting' })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one brand setting to change' });
export type BrandUpdate = z.infer<typeof brandUpdateSchema>;

/** PUT answer: only the fields that were sent (a removed asset also answers its nulled URLs). */
export const brandUpdateResponseSchema = brandSettingsSchema.partial();
export type BrandUpdateResponse = z.infer<typeof brandUpdateResponseSchema>;

/** Multipart text fields of the logo upload (strings on the wire, the same rules as PUT). */
export const logoUploadFieldsSchema = z.object({
  logoWidth: z.coerce.number({ error: BRAND_MESSAGES.logoWidth }).pipe(logoWidthSchema).optional(),
  logoHeight: z.coerce.number({ error: BRAND_MESSAGES.logoHeight }).pipe(logoHeightSchema).optional(),
});

export const logoUploadResponseSchema = brandSettingsSchema.pick({ logoPath: true, logoUrl: true, logoWidth: true, logoHeight: true });
export const faviconUploadResponseSchema = brandSettingsSchema.pick({ faviconPath: true, faviconUrl: true, faviconUrls: true });
export const loginBackgroundUploadResponseSchema = brandSettingsSchema.pick({ loginBackgroundPath: true, loginBackgroundUrl: true });
export type LogoUploadResponse = z.infer<typeof logoUploadResponseSchema>;
export type FaviconUploadResponse = z.infer<typeof faviconUploadResponseSchema>;
export type LoginBackgroundUploadResponse = z.infer<typeof loginBackgroundUploadResponseSchema>;

/** Extensions of the asset URLs, by stored content type. */
export const BRAND_ASSET_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
} as const;
export type BrandAssetMime = keyof typeof BRAND_ASSET_EXTENSIONS;
const ASSET_EXTENSIONS = ['png', 'jpg', 'webp', 'svg', 'ico'] as const satisfies ReadonlyArray<
  (typeof BRAND_ASSET_EXTENSIONS)[BrandAssetMime]
>;

/** GET /api/brand-assets/{hash}.{ext}: the sha256 of the stored bytes and their extension. */
export const brandAssetParamsSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'hash must be 64 lowercase hex characters'),
  ext: z.enum(ASSET_EXTENSIONS, { error: `ext must be one of ${ASSET_EXTENSIONS.join(', ')}` }),
});
