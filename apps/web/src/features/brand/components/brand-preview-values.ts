import type { BrandSettings } from '@sms/contracts/brand';
import { brandFormSchema, type BrandFormInput } from './brand-form-schema';

/** What the live preview draws: the edited values where they are valid, else the saved ones. */
export interface PreviewBrand {
  appName: string;
  description: string;
  fontFamily: string;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  logoWidth: number;
  logoHeight: number;
  logoUrl: string | null;
}

const shape = brandFormSchema.shape;

interface Rule<T> {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false };
}

/** A field's edited value when the shared rule accepts it, else the saved value. */
function validOr<T>(rule: Rule<T>, value: unknown, saved: T): T {
  const parsed = rule.safeParse(value);
  return parsed.success ? parsed.data : saved;
}

/** The preview's brand: the form as typed (even unsaved), invalid fields shown as saved. */
export function previewBrand(settings: BrandSettings, values: Partial<BrandFormInput>): PreviewBrand {
  return {
    appName: validOr<string>(shape.appName, values.appName, settings.appName),
    description: validOr<string>(shape.description, values.description, settings.description),
    fontFamily: validOr<string>(shape.fontFamily, values.fontFamily, settings.fontFamily),
    primaryColor: validOr<string>(shape.primaryColor, values.primaryColor, settings.primaryColor),
    secondaryColor: validOr<string>(shape.secondaryColor, values.secondaryColor, settings.secondaryColor),
    accentColor: validOr<string>(shape.accentColor, values.accentColor, settings.accentColor),
    logoWidth: validOr<number>(shape.logoWidth, values.logoWidth, settings.logoWidth),
    logoHeight: validOr<number>(shape.logoHeight, values.logoHeight, settings.logoHeight),
    logoUrl: settings.logoUrl,
  };
}
