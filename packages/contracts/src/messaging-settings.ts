import { z } from 'zod';
import { isPhoneCountry } from './phone-countries.ts';
import { countryPricesSchema, isKnownCurrency, partPriceSchema } from './pricing.ts';
import { DEFAULT_SMS_KEYWORDS } from './sms-keywords.ts';
import { isTimeZone } from './zoned-time.ts';

const keywordList = (field: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[\p{L}\p{N}]{1,20}$/u, `${field} keywords must be single words of letters or digits (at most 20)`),
      { error: `${field} must be a list of keywords` },
    )
    .max(30, `${field} may list at most 30 keywords`)
    .transform((words) => [...new Set(words)]);
const replyText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(320, `${field} must be at most 320 characters`);

/** Keywords and their automatic answers (PRODUCT.md section 4, Replies). A blank answer sends none. */
export const keywordSettingsSchema = z.object({
  // People must always have a way to stop messages.
  optOutKeywords: keywordList('optOutKeywords').refine((words) => words.length > 0, 'optOutKeywords must list at least one keyword'),
  optInKeywords: keywordList('optInKeywords'),
  helpKeywords: keywordList('helpKeywords'),
  optOutReply: replyText('optOutReply'),
  optInReply: replyText('optInReply'),
  helpReply: replyText('helpReply'),
});
export type KeywordSettings = z.infer<typeof keywordSettingsSchema>;

export const KEYWORD_LISTS = ['optOutKeywords', 'optInKeywords', 'helpKeywords'] as const;
export type KeywordList = (typeof KEYWORD_LISTS)[number];

/**
 * A keyword in two lists would only ever act as the first (opt-out, then opt-in, then help), so a
 * list may not repeat another's word. Answers the first clash: the later list and the word.
 */
export function keywordClash(
  settings: Pick<KeywordSettings, KeywordList>,
): { field: KeywordList; word: string; otherField: KeywordList } | null {
  for (const [index, field] of KEYWORD_LISTS.entries()) {
    for (const otherField of KEYWORD_LISTS.slice(0, index)) {
      const word = settings[field].find((candidate) => settings[otherField].includes(candidate));
      if (word !== undefined) return { field, word, otherField };
    }
  }
  return null;
}

export const keywordClashMessage = (clash: NonNullable<ReturnType<typeof keywordClash>>): string =>
  `${clash.field}: ${clash.word} is already in ${clash.otherField}`;

export const DEFAULT_KEYWORD_SETTINGS: KeywordSettings = {
  optOutKeywords: [...DEFAULT_SMS_KEYWORDS.optOut],
  // YES opts back in only a contact who is opted out; from anyone else it is an ordinary reply.
  optInKeywords: [...DEFAULT_SMS_KEYWORDS.optIn],
  helpKeywords: [...DEFAULT_SMS_KEYWORDS.help],
  optOutReply: 'You have been unsubscribed and will receive no more messages. Reply START to subscribe again.',
  optInReply: 'You are subscribed again. Reply STOP to unsubscribe.',
  helpReply: 'Reply STOP to unsubscribe, START to subscribe again.',
};

/**
 * Organisation-wide messaging defaults (Configurations -> Messaging). The time zone is the one
 * quiet hours are read in and new campaigns are scheduled in by default.
 */
export const messagingSettingsSchema = z.object({
  timeZone: z.string().refine(isTimeZone, 'timeZone must be an IANA time zone such as Europe/Paris'),
  /** Country for numbers typed without a country code (composer test send, contact forms). */
  defaultCountry: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, 'defaultCountry must be a two-letter country code (such as GB)')
    .nullable(),
  /** Default price of one GSM-7 SMS part, for cost estimates (the price table, decision 042). */
  pricePerSegment: partPriceSchema('pricePerSegment'),
  /** Default price of one UCS-2 (Unicode) SMS part. */
  pricePerSegmentUcs2: partPriceSchema('pricePerSegmentUcs2'),
  /** Destination countries priced otherwise than the defaults. */
  countryPrices: countryPricesSchema,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'currency must be a three-letter currency code (such as USD)')
    .refine(isKnownCurrency, 'currency must be an ISO 4217 currency code (such as USD)'),
  ...keywordSettingsSchema.shape,
});
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;

export const DEFAULT_MESSAGING_SETTINGS: MessagingSettings = {
  timeZone: 'UTC',
  defaultCountry: null,
  pricePerSegment: 0.0075,
  pricePerSegmentUcs2: 0.0075,
  countryPrices: [],
  currency: 'USD',
  ...DEFAULT_KEYWORD_SETTINGS,
};

/** PUT /api/settings/messaging: any subset. */
export const updateMessagingSettingsBodySchema = messagingSettingsSchema.partial();

/** The settings as answered (plain types: responses are serialised without input transforms). */
export const messagingSettingsViewSchema = z.object({
  timeZone: z.string(),
  defaultCountry: z.string().nullable(),
  pricePerSegment: z.number(),
  pricePerSegmentUcs2: z.number(),
  countryPrices: z.array(z.object({ country: z.string(), gsm7: z.number(), ucs2: z.number() })),
  currency: z.string(),
  optOutKeywords: z.array(z.string()),
  optInKeywords: z.array(z.string()),
  helpKeywords: z.array(z.string()),
  optOutReply: z.string(),
  optInReply: z.string(),
  helpReply: z.string(),
}) satisfies z.ZodType<MessagingSettings>;
export const messagingSettingsResponseSchema = z.object({ settings: messagingSettingsViewSchema });
