import { z } from 'zod';

/**
 * Numbers and sender IDs (issue 36, decision 108): every phone number and alphanumeric sender ID
 * the organisation sends from, with its gateway, its registration status and its inbound routing.
 * Numbers are bought through the provider's API (Twilio) or added when bought elsewhere.
 */

export const SENDER_KINDS = ['number', 'alphanumeric'] as const;
export type SenderKind = (typeof SENDER_KINDS)[number];
export const SENDER_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type SenderStatus = (typeof SENDER_STATUSES)[number];
/** Number types as the shop searches them (Twilio's Mobile, Local and TollFree lists). */
export const NUMBER_TYPES = ['mobile', 'local', 'toll-free'] as const;
export type NumberType = (typeof NUMBER_TYPES)[number];

/**
 * The registration's moves: submitted to the carrier or regulator, then approved or rejected (with
 * notes); a rejected one is corrected (draft) or submitted again; an approved one goes back to
 * draft when it must be registered again. Editing the value of a sender puts it back to draft.
 */
export const SENDER_TRANSITIONS: Readonly<Record<SenderStatus, readonly SenderStatus[]>> = {
  draft: ['submitted'],
  submitted: ['approved', 'rejected', 'draft'],
  approved: ['draft'],
  rejected: ['draft', 'submitted'],
};

export const SENDER_LIMITS = { alphanumericMin: 3, alphanumericMax: 11, notesMax: 1000, countriesMax: 50, usageDays: 30 } as const;

/**
 * Countries whose networks do not deliver alphanumeric sender IDs (or replace them with a number),
 * after the providers' country guidelines: a sender ID registered for them gets a warning, not a
 * refusal (the rules change, and a provider may still accept it).
 */
export const ALPHANUMERIC_FORBIDDEN_COUNTRIES: readonly string[] = ['US', 'CA', 'CN', 'BR', 'AR', 'CL', 'CO', 'PR', 'KR', 'VN'];

export const SENDER_ERROR_CODES = {
  /** The same number or sender ID is on the list already. */
  exists: 'SENDER_EXISTS',
  /** A status change the registration's moves do not allow. */
  transition: 'SENDER_TRANSITION',
  /** The provider refused the search or the purchase; `message` says why. */
  providerRefused: 'PROVIDER_REFUSED',
  /** The integration API's senderId is not an approved sender, and the list is enforced. */
  notListed: 'SENDER_NOT_LISTED',
} as const;

const E164 = /^\+[1-9]\d{6,14}$/;
/** Letters, digits and spaces, at least one letter (all digits would read as a number). */
const ALPHANUMERIC = /^(?=.*[A-Za-z])[A-Za-z0-9 ]+$/;

/** Why `value` is not a sender ID of the rules (3 to 11 letters, digits or spaces), or null. */
export function alphanumericSenderProblem(value: string): string | null {
  if (value.length < SENDER_LIMITS.alphanumericMin || value.length > SENDER_LIMITS.alphanumericMax)
    return `value must be ${SENDER_LIMITS.alphanumericMin} to ${SENDER_LIMITS.alphanumericMax} characters`;
  if (!ALPHANUMERIC.test(value)) return 'value may hold only letters, digits and spaces, with at least one letter';
  return null;
}

/** The countries of `countries` that do not deliver alphanumeric sender IDs. */
export function alphanumericWarnings(countries: readonly string[]): string[] {
  return countries.filter((country) => ALPHANUMERIC_FORBIDDEN_COUNTRIES.includes(country));
}

const country = z
  .string({ error: 'country must be a two-letter country code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'country must be a two-letter country code (ISO 3166-1, such as GB)');
const notes = z
  .string({ error: 'notes must be text' })
  .trim()
  .max(SENDER_LIMITS.notesMax, `notes must be at most ${SENDER_LIMITS.notesMax} characters`);
const countries = z
  .array(country, { error: 'countries must be a list of country codes' })
  .max(SENDER_LIMITS.countriesMax, `at most ${SENDER_LIMITS.countriesMax} countries`);
const gatewayId = z.uuid('gatewayId must be a valid gateway id');
const value = z.string({ error: 'value is required' }).trim().min(1, 'value is required').max(16, 'value must be at most 16 characters');

/** Checks `value` against its kind, naming the field. */
function checkValue(body: { kind?: SenderKind; value?: string }, ctx: z.RefinementCtx): void {
  if (body.value === undefined || body.kind === undefined) return;
  const problem =
    body.kind === 'number'
      ? E164.test(body.value)
        ? null
        : 'value must be a number in international format (such as +14155550100)'
      : alphanumericSenderProblem(body.value);
  if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
}

/** Registering a sender ID, or adding a number bought elsewhere. */
export const createSenderBodySchema = z
  .object({
    kind: z.enum(SENDER_KINDS, { error: `kind must be one of ${SENDER_KINDS.join(', ')}` }),
    value,
    gatewayId: gatewayId.nullable().default(null),
    countries: countries.default([]),
    notes: notes.default(''),
  })
  .superRefine(checkValue);
export type CreateSenderBody = z.input<typeof createSenderBodySchema>;
export type CreateSenderValues = z.infer<typeof createSenderBodySchema>;

/** Changing a sender: its value (sender IDs and added numbers), gateway, countries, notes, inbound routing. */
export const updateSenderBodySchema = z.object({
  value: value.optional(),
  gatewayId: gatewayId.nullable().optional(),
  countries: countries.optional(),
  notes: notes.optional(),
  /** Who replies to this number get assigned to (the inbox's tickets); null: the usual assignment. */
  routeAssigneeId: z.uuid('routeAssigneeId must be a valid user id').nullable().optional(),
});
export type UpdateSenderBody = z.input<typeof updateSenderBodySchema>;

export const senderStatusBodySchema = z.object({
  status: z.enum(SENDER_STATUSES, { error: `status must be one of ${SENDER_STATUSES.join(', ')}` }),
  /** Why (a rejection's reason, a registration reference). */
  notes: notes.optional(),
});
export type SenderStatusBody = z.infer<typeof senderStatusBodySchema>;

export const senderParamsSchema = z.object({ id: z.uuid('id must be a valid sender id') });

const named = z.object({ id: z.string(), name: z.string() });
export const senderSchema = z.object({
  id: z.string(),
  kind: z.enum(SENDER_KINDS),
  value: z.string(),
  gateway: named.nullable(),
  status: z.enum(SENDER_STATUSES),
  notes: z.string(),
  countries: z.array(z.string()),
  /** Numbers: bought through this product (with the provider's id and price) or added. */
  origin: z.enum(['bought', 'added']),
  numberType: z.enum(NUMBER_TYPES).nullable(),
  country: z.string().nullable(),
  providerSid: z.string().nullable(),
  monthlyPrice: z.string().nullable(),
  priceUnit: z.string().nullable(),
  routeAssignee: named.nullable(),
  /** Who used it in the last 30 days: campaigns (their sender) and API keys (their messages), and how many messages. */
  usage: z.object({ campaigns: z.array(named), apiKeys: z.array(named), messages: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sender = z.infer<typeof senderSchema>;
export const senderResponseSchema = z.object({ sender: senderSchema });
export const senderListResponseSchema = z.object({ data: z.array(senderSchema), total: z.number().int() });
export type SenderList = z.infer<typeof senderListResponseSchema>;

/** One sender's page: the sender and its messages per day (last 30 days, sent from it and received on it). */
export const senderDetailResponseSchema = z.object({
  sender: senderSchema,
  daily: z.array(z.object({ day: z.string(), sent: z.number().int(), received: z.number().int() })),
});
export type SenderDetail = z.infer<typeof senderDetailResponseSchema>;

/** The shop's search: a Twilio gateway, a country, a type and an optional pattern (Twilio's Contains). */
export const availableNumbersQuerySchema = z.object({
  gatewayId,
  country,
  type: z.enum(NUMBER_TYPES, { error: `type must be one of ${NUMBER_TYPES.join(', ')}` }),
  contains: z
    .string({ error: 'contains must be text' })
    .trim()
    .regex(/^[0-9A-Za-z*%+$]{2,16}$/, 'contains must be 2 to 16 digits, letters or * % + $')
    .optional(),
});
export type AvailableNumbersQuery = z.infer<typeof availableNumbersQuerySchema>;

export const availableNumberSchema = z.object({
  phoneNumber: z.string(),
  friendlyName: z.string(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
  capabilities: z.object({ sms: z.boolean(), mms: z.boolean(), voice: z.boolean() }),
});
export type AvailableNumber = z.infer<typeof availableNumberSchema>;
/** The numbers on offer, and the monthly price of the type in that country (null when the provider does not say). */
export const availableNumbersResponseSchema = z.object({
  data: z.array(availableNumberSchema),
  price: z.object({ monthly: z.string(), unit: z.string() }).nullable(),
});
export type AvailableNumbers = z.infer<typeof availableNumbersResponseSchema>;

export const purchaseNumberBodySchema = z.object({
  gatewayId,
  phoneNumber: z
    .string({ error: 'phoneNumber is required' })
    .trim()
    .regex(E164, 'phoneNumber must be a number in international format (such as +14155550100)'),
  country,
  type: z.enum(NUMBER_TYPES, { error: `type must be one of ${NUMBER_TYPES.join(', ')}` }),
});
export type PurchaseNumberBody = z.infer<typeof purchaseNumberBodySchema>;

/** The organisation's rule: with `restrictToList`, the integration API sends only from approved senders of the list. */
export const senderSettingsSchema = z.object({
  restrictToList: z.boolean({ error: 'restrictToList must be true or false' }),
});
export type SenderSettings = z.infer<typeof senderSettingsSchema>;
