import { messagingSettingsSchema, type MessagingSettings } from '@sms/contracts/messaging-settings';

/** The settings this form edits (keywords and their answers have their own form). */
const defaultsSchema = messagingSettingsSchema.pick({ timeZone: true, defaultCountry: true, pricePerSegment: true, currency: true });
export type MessagingDefaults = Pick<MessagingSettings, 'timeZone' | 'defaultCountry' | 'pricePerSegment' | 'currency'>;

/** The Messaging tab's inputs; the price stays text while typed. */
export interface MessagingFormValues {
  timeZone: string;
  /** '' = none. */
  defaultCountry: string;
  pricePerSegment: string;
  currency: string;
}

export const messagingFormValues = (settings: MessagingDefaults): MessagingFormValues => ({
  timeZone: settings.timeZone,
  defaultCountry: settings.defaultCountry ?? '',
  pricePerSegment: String(settings.pricePerSegment),
  currency: settings.currency,
});

/** Checks the inputs with the shared settings schema; errors keyed by field. */
export function validateMessagingForm(
  values: MessagingFormValues,
): { output: MessagingDefaults } | { errors: Partial<Record<keyof MessagingFormValues, string>> } {
  const priceText = values.pricePerSegment.trim().replace(',', '.');
  const price = priceText === '' || !/^\d*\.?\d+$/.test(priceText) ? Number.NaN : Number(priceText);
  const parsed = defaultsSchema.safeParse({ ...values, defaultCountry: values.defaultCountry || null, pricePerSegment: price });
  if (parsed.success) return { output: parsed.data };
  const errors: Partial<Record<keyof MessagingFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof MessagingFormValues;
    errors[field] ??= field === 'pricePerSegment' && Number.isNaN(price) ? 'validation.number' : issue.message;
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
