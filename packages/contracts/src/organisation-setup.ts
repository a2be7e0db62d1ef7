import { z } from 'zod';
import { isPhoneCountry } from './phone-countries.ts';
import { isTimeZone } from './zoned-time.ts';

/**
 * The organisation's country and time zone, asked at first-run setup (pre-filled from the
 * browser) and stored as the messaging defaults: the country numbers without a country code are
 * read in (imports, contact form, composer, inbound senders), the zone of schedules and quiet hours.
 */
export const organisationSetupSchema = z.object({
  defaultCountry: z
    .string({ error: 'organisation.defaultCountry must be a two-letter country code (such as GB)' })
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, 'organisation.defaultCountry must be a two-letter country code (such as GB)')
    // null: none chosen (numbers then need their country code, or a country where they are entered).
    .nullable(),
  timeZone: z
    .string({ error: 'organisation.timeZone must be an IANA time zone such as Europe/Paris' })
    .refine(isTimeZone, 'organisation.timeZone must be an IANA time zone such as Europe/Paris'),
});
export type OrganisationSetup = z.infer<typeof organisationSetupSchema>;

/** The refusal of `organisation` in any registration but the first. */
export const ORGANISATION_SETUP_ONLY = 'organisation is set at first-run setup only; change it in Configurations → Messaging';
