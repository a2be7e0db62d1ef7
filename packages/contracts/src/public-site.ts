import { z } from 'zod';

/** The `code` of the 404 every /api/public call answers while an administrator has the public site off. */
export const PUBLIC_SITE_OFF_CODE = 'PUBLIC_SITE_OFF';

/** Tag fields a topic can be a value of (a contact holds one value per field). */
export const TOPIC_TAGS = ['tag1', 'tag2', 'tag3'] as const;
export type TopicTag = (typeof TOPIC_TAGS)[number];

/** Limits of what an administrator writes on the public site. */
export const PUBLIC_SITE_LIMITS = {
  introduction: 1000,
  about: 10_000,
  contactDetails: 1000,
  consentText: 500,
  topics: 20,
  topicTitle: 80,
  topicDescription: 500,
  topicFrequency: 80,
  tagValue: 100,
} as const;

/** Digits of a subscription code, and how long it lives. */
export const SUBSCRIPTION_CODE_DIGITS = 6;
export const SUBSCRIPTION_CODE_TTL_SECONDS = 600;

/** The consent text a new site starts with; what the visitor is shown is what the consent record keeps. */
export const DEFAULT_CONSENT_TEXT =
  'I agree to receive text messages about the topics I chose. Reply STOP to any message to stop, at any time.';

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

/** One topic people can subscribe to: a value of a tag field, with its public title. */
export const topicSchema = z.object({
  id: z
    .string({ error: 'topics.id must be text' })
    .regex(/^[a-z0-9-]{1,40}$/, 'topics.id must be 1 to 40 lower-case letters, digits or dashes'),
  tag: z.enum(TOPIC_TAGS, { error: 'topics.tag must be tag1, tag2 or tag3' }),
  value: text('topics.value', PUBLIC_SITE_LIMITS.tagValue).min(1, 'topics.value is required'),
  title: text('topics.title', PUBLIC_SITE_LIMITS.topicTitle).min(1, 'topics.title is required'),
  description: text('topics.description', PUBLIC_SITE_LIMITS.topicDescription).default(''),
  frequency: text('topics.frequency', PUBLIC_SITE_LIMITS.topicFrequency).default(''),
});
export type Topic = z.infer<typeof topicSchema>;

/** Configurations -> Public site (administrators). */
export const publicSiteSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  introduction: text('introduction', PUBLIC_SITE_LIMITS.introduction),
  about: text('about', PUBLIC_SITE_LIMITS.about),
  contactDetails: text('contactDetails', PUBLIC_SITE_LIMITS.contactDetails),
  consentText: text('consentText', PUBLIC_SITE_LIMITS.consentText).min(1, 'consentText is required'),
  topics: z
    .array(topicSchema, { error: 'topics must be a list' })
    .max(PUBLIC_SITE_LIMITS.topics, `topics may list at most ${PUBLIC_SITE_LIMITS.topics} topics`)
    .refine((topics) => new Set(topics.map((topic) => topic.id)).size === topics.length, 'topics must have distinct ids'),
  pricingVisible: z.boolean({ error: 'pricingVisible must be true or false' }),
});
export type PublicSiteSettings = z.infer<typeof publicSiteSettingsSchema>;

/** A new site: on, with the brand's name and description and a sign-in link, no topic (no subscription form). */
export const DEFAULT_PUBLIC_SITE_SETTINGS: PublicSiteSettings = {
  enabled: true,
  introduction: '',
  about: '',
  contactDetails: '',
  consentText: DEFAULT_CONSENT_TEXT,
  topics: [],
  pricingVisible: false,
};

/** PUT /api/settings/public-site: any subset of the fields. */
export const updatePublicSiteBodySchema = publicSiteSettingsSchema.partial();
export type UpdatePublicSiteBody = z.infer<typeof updatePublicSiteBodySchema>;

/** GET/PUT /api/settings/public-site. */
export const publicSiteSettingsResponseSchema = z.object({ settings: publicSiteSettingsSchema });

/**
 * What the public sees of a topic: never which tag stores it, only a group number (topics of one
 * group share a tag field, so a visitor picks at most one of them).
 */
export const publicTopicSchema = z.object({
  id: z.string(),
  group: z.number(),
  title: z.string(),
  description: z.string(),
  frequency: z.string(),
});
export type PublicTopic = z.infer<typeof publicTopicSchema>;

/** GET /api/public/site: the public site's content, or only `enabled: false` when it is off. */
export const publicSiteViewSchema = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(false) }),
  z.object({
    enabled: z.literal(true),
    introduction: z.string(),
    about: z.string(),
    contactDetails: z.string(),
    consentText: z.string(),
    topics: z.array(publicTopicSchema),
    pricingVisible: z.boolean(),
  }),
]);
export type PublicSiteView = z.infer<typeof publicSiteViewSchema>;

const phone = z.string({ error: 'phone is required' }).trim().min(1, 'phone is required').max(40, 'phone must be at most 40 characters');
/** A field people never see: a robot that fills it in is answered as usual and nothing happens. */
const honeypot = z.string({ error: 'website must be text' }).max(200, 'website must be at most 200 characters').optional();
const code = z
  .string({ error: 'code is required' })
  .trim()
  .regex(new RegExp(`^\\d{${SUBSCRIPTION_CODE_DIGITS}}$`), `code must be the ${SUBSCRIPTION_CODE_DIGITS} digits of the text message`);

/** POST /api/public/subscriptions: ask for a code. */
export const subscribeBodySchema = z.object({
  phone,
  name: text('name', 100).optional(),
  topics: z
    .array(z.string({ error: 'topics must list topic ids' }).max(40, 'topics must list topic ids'), { error: 'topics must be a list' })
    .min(1, 'topics must name at least one topic')
    .max(PUBLIC_SITE_LIMITS.topics, 'topics lists too many topics'),
  website: honeypot,
});
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

/** POST /api/public/unsubscribe: ask for a code to stop messages. */
export const unsubscribeBodySchema = z.object({ phone, website: honeypot });
export type UnsubscribeBody = z.infer<typeof unsubscribeBodySchema>;

/** POST /api/public/subscriptions/confirm and /api/public/unsubscribe/confirm. */
export const confirmCodeBodySchema = z.object({ phone, code });
export type ConfirmCodeBody = z.infer<typeof confirmCodeBodySchema>;

/** 202: the same answer whether or not a code was sent (no hint whether the number is known). */
export const codeRequestedSchema = z.object({ expiresInSeconds: z.number() });
/** 200 after a good code. */
export const codeConfirmedSchema = z.object({ status: z.enum(['subscribed', 'unsubscribed']) });

/** One entry of a contact's consent history. */
export const consentRecordSchema = z.object({
  id: z.string(),
  action: z.enum(['opt_in', 'opt_out']),
  source: z.string(),
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  consentText: z.string().nullable(),
  topics: z.array(z.string()),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
export const consentHistoryResponseSchema = z.object({ data: z.array(consentRecordSchema) });

/** The code text messages the simulator received (administrators try the site without a carrier). */
export const simulatorCodeMessagesSchema = z.object({
  data: z.array(z.object({ phone: z.string(), body: z.string(), queuedAt: z.string() })),
});

/** Longest contact-form message and inbox answer to one. */
export const WEB_MESSAGE_MAX = 2000;
export const WEB_REPLY_MAX = 1600;

/** POST /api/public/contact: the contact form (a phone number or an e-mail address to answer to). */
export const contactFormBodySchema = z
  .object({
    name: text('name', 100).min(1, 'name is required'),
    phone: z.string({ error: 'phone must be text' }).trim().max(40, 'phone must be at most 40 characters').optional(),
    email: z.string({ error: 'email must be text' }).trim().max(254, 'email must be at most 254 characters').optional(),
    message: text('message', WEB_MESSAGE_MAX).min(1, 'message is required'),
    website: honeypot,
  })
  .refine((body) => Boolean(body.phone) || Boolean(body.email), { error: 'Give a phone number or an e-mail address', path: ['phone'] })
  .refine((body) => !body.email || z.email().safeParse(body.email).success, { error: 'email must be an e-mail address', path: ['email'] });
export type ContactFormBody = z.infer<typeof contactFormBodySchema>;

/** One contact-form message in the inbox. */
export const webMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  repliedAt: z.string().nullable(),
  replyBody: z.string().nullable(),
  /** How the answer went: by SMS to the number, or by e-mail to the address. */
  replyChannel: z.enum(['sms', 'email']).nullable(),
  /** E-mail answers: queued until SMTP took it (sent) or every try failed (failed); SMS answers: sent. */
  replyStatus: z.enum(['queued', 'sent', 'failed']).nullable(),
});
export type WebMessage = z.infer<typeof webMessageSchema>;
export const webMessageListSchema = z.object({ data: z.array(webMessageSchema), total: z.number().int() });
export const webMessageListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(50),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .default(0),
});
export const webMessageParamsSchema = z.object({ id: z.uuid('id must be a web message id') });
/**
 * POST /api/inbox/web-messages/:id/reply: answered by SMS to the number the visitor gave, or by
 * e-mail to the address (SMTP configured). Without `channel`: SMS when a number was given.
 */
export const webReplyBodySchema = z.object({
  body: text('body', WEB_REPLY_MAX).min(1, 'body is required'),
  channel: z.enum(['sms', 'email'], { error: 'channel must be sms or email' }).optional(),
});
export type WebReplyBody = z.infer<typeof webReplyBodySchema>;

/** Codes of the refusals of an answer to a contact-form message. */
export const WEB_REPLY_CODES = {
  noPhone: 'NO_PHONE',
  noEmail: 'NO_EMAIL',
  /** SMTP_URL is not set: e-mail answers cannot leave. */
  smtpNotConfigured: 'SMTP_NOT_CONFIGURED',
} as const;

/** The `code` of the 404 the public pricing answers while an administrator hides the pricing page. */
export const PRICING_HIDDEN_CODE = 'PRICING_HIDDEN';

/**
 * GET /api/public/pricing and GET /api/pricing: the price table the composer's estimate uses
 * (default price of a part per encoding, how many characters a part holds, and the countries
 * priced otherwise, by country code).
 */
export const pricingSchema = z.object({
  currency: z.string(),
  /** Default price of a GSM-7 part. */
  pricePerSegment: z.number(),
  /** Default price of a UCS-2 part. */
  pricePerSegmentUcs2: z.number(),
  encodings: z.array(
    z.object({ encoding: z.enum(['GSM-7', 'UCS-2']), single: z.number().int(), perPart: z.number().int(), price: z.number() }),
  ),
  countryPrices: z.array(z.object({ country: z.string(), gsm7: z.number(), ucs2: z.number() })),
});
export type Pricing = z.infer<typeof pricingSchema>;
