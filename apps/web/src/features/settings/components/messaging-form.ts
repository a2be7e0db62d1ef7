import { messagingSettingsSchema, type MessagingSettings } from '@sms/contracts/messaging-settings';

/** The settings this form edits (keywords and their answers have their own form). */
const defaultsSchema = messagingSettingsSchema.pick({
  timeZone: true,
  defaultCountry: true,
  pricePerSegment: true,
  pricePerSegmentUcs2: true,
  currency: true,
});
export type MessagingDefaults = Pick<
  MessagingSettings,
  'timeZone' | 'defaultCountry' | 'pricePerSegment' | 'pricePerSegmentUcs2' | 'currency'
>;
const PRICE_FIELDS = ['pricePerSegment', 'pricePerSegmentUcs2'] as const;

/** A typed decimal ("0.05" or "0,05") as a number; NaN when it is not one. */
export function parseDecimal(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' || !/^\d*\.?\d+$/.test(trimmed) ? Number.NaN : Number(trimmed);
}

/** The Messaging tab's inputs; the price stays text while typed. */
export interface MessagingFormValues {
  timeZone: string;
  /** '' = none. */
  defaultCountry: string;
  pricePerSegment: string;
  pricePerSegmentUcs2: string;
  currency: string;
}

export const messagingFormValues = (settings: MessagingDefaults): MessagingFormValues => ({
  timeZone: settings.timeZone,
  defaultCountry: settings.defaultCountry ?? '',
  pricePerSegment: String(settings.pricePerSegment),
  pricePerSegmentUcs2: String(settings.pricePerSegmentUcs2),
  currency: settings.currency,
});

/** Checks the inputs with the shared settings schema; errors keyed by field. */
export function validateMessagingForm(
  values: MessagingFormValues,
): { output: MessagingDefaults } | { errors: Partial<Record<keyof MessagingFormValues, string>> } {
  const prices = { pricePerSegment: parseDecimal(values.pricePerSegment), pricePerSegmentUcs2: parseDecimal(values.pricePerSegmentUcs2) };
  const parsed = defaultsSchema.safeParse({ ...values, ...prices, defaultCountry: values.defaultCountry || null });
  if (parsed.success) return { output: parsed.data };
  const errors: Partial<Record<keyof MessagingFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof MessagingFormValues;
    const price = (PRICE_FIELDS as readonly string[]).includes(field) ? prices[field as (typeof PRICE_FIELDS)[number]] : 0;
    errors[field] ??= Number.isNaN(price) ? 'validation.number' : issue.message;
  }
  return { errors };
}

/** Only the settings that changed (PUT takes any subset). */
export function changedSettings(saved: MessagingDefaults, next: MessagingDefaults): Partial<MessagingDefaults> {
  const body: Partial<MessagingDefaults> = {};
  for (const key of Object.keys(next) as Array<keyof MessagingDefaults>)
    if (next[key] !== saved[key]) Object.assign(body, { [key]: next[key] });
  return body;
}
