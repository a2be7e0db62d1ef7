import {
  appNameSchema,
  descriptionSchema,
  fontFamilySchema,
  hexColorSchema,
  logoHeightSchema,
  logoWidthSchema,
  type BrandSettings,
  type BrandUpdate,
} from '@sms/contracts/brand';
import { z } from 'zod';

/** Number inputs hold text; an empty or unreadable one becomes NaN, which the shared rule rejects with its message. */
const pixelsFromText = (rule: typeof logoWidthSchema) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value)))
    .pipe(rule);

/** The brand form: the shared rules of packages/contracts, so the messages are the server's. */
export const brandFormSchema = z.object({
  appName: appNameSchema,
  description: descriptionSchema,
  fontFamily: fontFamilySchema,
  primaryColor: hexColorSchema,
  secondaryColor: hexColorSchema,
  accentColor: hexColorSchema,
  logoWidth: pixelsFromText(logoWidthSchema),
  logoHeight: pixelsFromText(logoHeightSchema),
});
export type BrandFormInput = z.input<typeof brandFormSchema>;
export type BrandFormValues = z.output<typeof brandFormSchema>;

/** The fields the form edits (the images have their own uploads). */
export const BRAND_FORM_FIELDS = [
  'appName',
  'description',
  'fontFamily',
  'primaryColor',
  'secondaryColor',
  'accentColor',
  'logoWidth',
  'logoHeight',
] as const;
export type BrandFormField = (typeof BRAND_FORM_FIELDS)[number];

/** The form's starting values from the saved settings. */
export function formValuesFrom(settings: BrandSettings): BrandFormInput {
  return {
    appName: settings.appName,
    description: settings.description,
    fontFamily: settings.fontFamily as BrandFormInput['fontFamily'],
    primaryColor: settings.primaryColor,
    secondaryColor: settings.secondaryColor,
    accentColor: settings.accentColor,
    logoWidth: String(settings.logoWidth),
    logoHeight: String(settings.logoHeight),
  };
}

const COLOR_FIELDS = new Set<BrandFormField>(['primaryColor', 'secondaryColor', 'accentColor']);

/** '#abc' and '#AABBCC' are the same colour; anything else compares as typed. */
function sameColor(a: string, b: string): boolean {
  const long = (hex: string) => {
    const value = hex.trim().toUpperCase();
    return /^#[0-9A-F]{3}$/.test(value) ? `#${[...value.slice(1)].map((digit) => digit + digit).join('')}` : value;
  };
  return long(a) === long(b);
}

/**
 * Only the fields whose value differs from the saved settings, for the partial PUT: names are
 * compared trimmed, colours case-insensitively (#RGB equals its #RRGGBB), sizes as numbers.
 */
export function changedFields(settings: BrandSettings, values: BrandFormInput | BrandFormValues): BrandUpdate {
  const changes: Record<string, unknown> = {};
  for (const field of BRAND_FORM_FIELDS) {
    const value = values[field];
    const saved = settings[field];
    if (field === 'logoWidth' || field === 'logoHeight') {
      const size = typeof value === 'number' ? value : String(value).trim() === '' ? Number.NaN : Number(value);
      if (size !== saved) changes[field] = size;
    } else if (COLOR_FIELDS.has(field)) {
      if (!sameColor(String(value), String(saved))) changes[field] = String(value).trim();
    } else if (String(value).trim() !== saved) changes[field] = String(value).trim();
  }
  return changes as BrandUpdate;
}
