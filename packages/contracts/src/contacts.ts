import { z } from 'zod';
import { listResponseSchema, pageQuerySchema, sortOrderSchema } from './lists.ts';
import { isPhoneCountry } from './phone-countries.ts';

export const CONTACT_STATUSES = ['active', 'opted_out'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
/** Who opted a contact out: an inbound STOP keyword, a staff member, an import, the gateway. */
export const OPT_OUT_SOURCES = ['keyword', 'admin', 'import', 'provider', 'web_form'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];
/** How a contact came to exist. */
export const CONTACT_SOURCES = ['manual', 'import', 'inbound', 'api', 'web_form'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export const CONTACT_TAG_FIELDS = ['tag1', 'tag2', 'tag3'] as const;
export type ContactTagField = (typeof CONTACT_TAG_FIELDS)[number];

/** Limits of what a person may type into a contact (imports apply their own cell limits). */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  tagMax: 100,
  notesMax: 5000,
  customFieldsMax: 50,
  customFieldNameMax: 64,
  customFieldValueMax: 1000,
  /** Contacts one bulk action may name by id. */
  bulkIdsMax: 10_000,
  /** Values the tag picker endpoint answers at most. */
  tagValuesMax: 200,
  /** The consent note needed to opt an opted-out contact back in by hand. */
  consentNoteMax: 1000,
} as const;

/** Error codes of the contacts API besides the generic ones. */
export const CONTACT_ERROR_CODES = { exists: 'CONTACT_EXISTS', inTrash: 'CONTACT_IN_TRASH' } as const;

/** A contact as the API presents it. */
export const contactSchema = z.object({
  id: z.string(),
  /** E.164, e.g. '+447911123456'. */
  phone: z.string(),
  /** ISO 3166-1 alpha-2 of the number, null when not tied to one country (e.g. +800). */
  phoneCountry: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  tag1: z.string().nullable(),
  tag2: z.string().nullable(),
  tag3: z.string().nullable(),
  customFields: z.record(z.string(), z.string()),
  status: z.enum(CONTACT_STATUSES),
  optedOutAt: z.string().nullable(),
  optOutSource: z.enum(OPT_OUT_SOURCES).nullable(),
  notes: z.string().nullable(),
  /** The consent note of the last opt-in by hand (admins and managers), and when it was made. */
  optInNote: z.string().nullable(),
  optedInAt: z.string().nullable(),
  source: z.enum(CONTACT_SOURCES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** Optional text: trimmed, '' and null both clear the field (stored as null). */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null));

const emailField = z
  .string({ error: 'email must be text' })
  .trim()
  .toLowerCase()
  .max(CONTACT_LIMITS.emailMax, `email must be at most ${CONTACT_LIMITS.emailMax} characters`)
  .refine((value) => value === '' || z.email().safeParse(value).success, 'email must be a valid email address')
  .nullable()
  .transform((value) => (value ? value : null));

const customFieldsSchema = z
  .record(
    z
      .string()
      .trim()
      .min(1, 'customFields names must not be empty')
      .max(CONTACT_LIMITS.customFieldNameMax, `customFields names must be at most ${CONTACT_LIMITS.customFieldNameMax} characters`),
    z
      .string({ error: 'customFields values must be text' })
      .max(CONTACT_LIMITS.customFieldValueMax, `customFields values must be at most ${CONTACT_LIMITS.customFieldValueMax} characters`),
  )
  .refine(
    (fields) => Object.keys(fields).length <= CONTACT_LIMITS.customFieldsMax,
    `customFields may have at most ${CONTACT_LIMITS.customFieldsMax} entries`,
  );

const countryField = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isPhoneCountry, 'defaultCountry must be a two-letter country code (such as GB)');

const contactFields = {
  firstName: optionalText('firstName', CONTACT_LIMITS.nameMax),
  lastName: optionalText('lastName', CONTACT_LIMITS.nameMax),
  email: emailField,
  tag1: optionalText('tag1', CONTACT_LIMITS.tagMax),
  tag2: optionalText('tag2', CONTACT_LIMITS.tagMax),
  tag3: optionalText('tag3', CONTACT_LIMITS.tagMax),
  customFields: customFieldsSchema,
  notes: optionalText('notes', CONTACT_LIMITS.notesMax),
  /** opted_out stamps the time and source 'admin'; active clears both. */
  status: z.enum(CONTACT_STATUSES, { error: `status must be one of ${CONTACT_STATUSES.join(', ')}` }),
};

const phoneField = z
  .string({ error: 'phone is required' })
  .trim()
  .min(1, 'phone is required')
  .max(40, 'phone must be at most 40 characters');

/**
 * POST /api/contacts. The phone may be written in any common way; the server stores E.164 and
 * answers 400 (field phone) when it cannot be read, naming why. `defaultCountry` reads numbers
 * written without a country code ('07911 123456' with 'GB').
 */
export const createContactBodySchema = z.object({
  phone: phoneField,
  defaultCountry: countryField.optional(),
  ...z.object(contactFields).partial().shape,
});
export type CreateContactBody = z.infer<typeof createContactBodySchema>;

/**
 * How the contact agreed to receive messages again ("asked at the front desk on 3 May"): needed
 * to opt an opted-out contact back in by hand, kept with the contact and in the audit log.
 */
const consentNoteField = optionalText('consentNote', CONTACT_LIMITS.consentNoteMax);

/** The 400 when an opt-in by hand comes without a consent note. */
export const CONSENT_NOTE_REQUIRED = 'consentNote is required to opt a contact back in: record how they agreed to receive messages again';

/** PUT /api/contacts/{id}: any subset; customFields replaces the whole set. */
export const updateContactBodySchema = z
  .object({ phone: phoneField, defaultCountry: countryField, ...contactFields, consentNote: consentNoteField })
  .partial();
export type UpdateContactBody = z.infer<typeof updateContactBodySchema>;

export const contactResponseSchema = z.object({ contact: contactSchema });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

export const contactIdParamsSchema = z.object({ id: z.uuid('id must be a valid contact id') });

/** A calendar date ('2026-01-31', the whole day) or a date-time with offset. */
const dateOrDateTime = (field: string) =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: `${field} must be a date (YYYY-MM-DD) or an ISO date-time` });

export const TAG_MATCHES = ['any', 'all', 'none'] as const;
export type TagMatch = (typeof TAG_MATCHES)[number];
export const CUSTOM_FIELD_OPERATORS = ['equals', 'contains', 'empty', 'not_empty'] as const;
export type CustomFieldOperator = (typeof CUSTOM_FIELD_OPERATORS)[number];

/** Limits of the advanced conditions (saved segments, the composer's audience builder). */
export const CONDITION_LIMITS = { tagValuesMax: 100, customFieldsMax: 20, daysMax: 3650 } as const;

/**
 * The advanced conditions of a contact filter, all of which must hold:
 * - tags: values looked for in tag1, tag2 and tag3 together (or in one `field`): `any` = holds at
 *   least one of them, `all` = holds every one, `none` = holds none of them;
 * - customFields: `equals` and `contains` (case-insensitive) a value, `empty` (missing or ''), `not_empty`;
 * - repliedTo: replied to that campaign; notRepliedTo: was sent that campaign and did not reply
 *   (its non-responders, as the reports count them);
 * - messagedWithinDays: was sent any message in the last N days.
 * In a query string the whole object is one JSON text (`conditions={"tags":...}`).
 */
export const contactConditionsSchema = z.object({
  tags: z
    .object({
      match: z.enum(TAG_MATCHES, { error: `conditions.tags.match must be one of ${TAG_MATCHES.join(', ')}` }),
      values: z
        .array(z.string().trim().min(1, 'conditions.tags.values must not be empty').max(CONTACT_LIMITS.tagMax))
        .min(1, 'conditions.tags.values must name at least one tag')
        .max(CONDITION_LIMITS.tagValuesMax, `conditions.tags.values may name at most ${CONDITION_LIMITS.tagValuesMax} tags`),
      field: z.enum(CONTACT_TAG_FIELDS, { error: `conditions.tags.field must be one of ${CONTACT_TAG_FIELDS.join(', ')}` }).optional(),
    })
    .optional(),
  customFields: z
    .array(
      z
        .object({
          name: z.string().trim().min(1, 'conditions.customFields.name is required').max(CONTACT_LIMITS.customFieldNameMax),
          operator: z.enum(CUSTOM_FIELD_OPERATORS, {
            error: `conditions.customFields.operator must be one of ${CUSTOM_FIELD_OPERATORS.join(', ')}`,
          }),
          value: z.string().max(CONTACT_LIMITS.customFieldValueMax).optional(),
        })
        .refine((c) => !(c.operator === 'equals' || c.operator === 'contains') || (c.value ?? '') !== '', {
          error: 'conditions.customFields.value is required for equals and contains',
          path: ['value'],
        }),
    )
    .max(CONDITION_LIMITS.customFieldsMax, `conditions.customFields may hold at most ${CONDITION_LIMITS.customFieldsMax} conditions`)
    .optional(),
  repliedTo: z.uuid('conditions.repliedTo must be a campaign id').optional(),
  notRepliedTo: z.uuid('conditions.notRepliedTo must be a campaign id').optional(),
  messagedWithinDays: z.coerce
    .number()
    .int('conditions.messagedWithinDays must be a whole number')
    .min(1, 'conditions.messagedWithinDays must be at least 1')
    .max(CONDITION_LIMITS.daysMax, `conditions.messagedWithinDays must be at most ${CONDITION_LIMITS.daysMax}`)
    .optional(),
});
export type ContactConditions = z.infer<typeof contactConditionsSchema>;

/** A query string carries the conditions as one JSON text; a JSON body as an object. */
const conditionsField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, contactConditionsSchema.optional());

/**
 * Which contacts a list, a bulk action or an export covers. `search`: phone-like terms match
 * numbers by prefix ('+4479', '07911' read in `country`), others match the start of the first
 * name, last name or email, case-insensitively. Dates: `createdTo` as a date includes that day.
 */
export const contactFilterSchema = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  tag1: z.string().max(CONTACT_LIMITS.tagMax, `tag1 must be at most ${CONTACT_LIMITS.tagMax} characters`).optional(),
  tag2: z.string().max(CONTACT_LIMITS.tagMax, `tag2 must be at most ${CONTACT_LIMITS.tagMax} characters`).optional(),
  tag3: z.string().max(CONTACT_LIMITS.tagMax, `tag3 must be at most ${CONTACT_LIMITS.tagMax} characters`).optional(),
  status: z.enum(CONTACT_STATUSES, { error: `status must be one of ${CONTACT_STATUSES.join(', ')}` }).optional(),
  createdFrom: dateOrDateTime('createdFrom').optional(),
  createdTo: dateOrDateTime('createdTo').optional(),
  /** Country for reading local numbers in `search` ('07911' -> '+447911'). */
  country: z.string().trim().toUpperCase().refine(isPhoneCountry, 'country must be a two-letter country code (such as GB)').optional(),
  /** Advanced conditions (contactConditionsSchema): the same ones saved segments hold. */
  conditions: conditionsField,
});
export type ContactFilter = z.infer<typeof contactFilterSchema>;
/** A filter in an answer (a campaign's audience, a segment): the conditions as an object, never JSON text. */
export const contactFilterViewSchema = contactFilterSchema.extend({ conditions: contactConditionsSchema.optional() });

export const CONTACT_SORT_FIELDS = ['createdAt', 'updatedAt', 'phone', 'firstName', 'lastName', 'tag1'] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];

/** GET /api/contacts */
export const listContactsQuerySchema = pageQuerySchema.extend({
  ...contactFilterSchema.shape,
  sort: z.enum(CONTACT_SORT_FIELDS, { error: `sort must be one of ${CONTACT_SORT_FIELDS.join(', ')}` }).default('createdAt'),
  order: sortOrderSchema.default('desc'),
});
export type ListContactsQuery = z.infer<typeof listContactsQuerySchema>;

/**
 * The contacts list counts matches up to this many. Counting every one of a million matches costs
 * a visit to each of their rows (hundreds of milliseconds), and a number past this one only says
 * "many" to a person; the page of rows itself does not depend on it.
 */
export const CONTACT_COUNT_CAP = 10_000;

/**
 * `{ data, total, totalCapped }`: `total` is the number of matching contacts, counted up to
 * CONTACT_COUNT_CAP; `totalCapped` is true when more than that match (total is then the cap: show
 * "10,000+").
 */
export const contactListResponseSchema = listResponseSchema(contactSchema).extend({ totalCapped: z.boolean() });
export type ContactList = z.infer<typeof contactListResponseSchema>;

export const BULK_ACTIONS = ['delete', 'setTag', 'optOut', 'optIn'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * POST /api/contacts/bulk: one action on the selected ids, or on every contact matching a filter
 * (`{ filter: {} }` is every contact). setTag needs `tag` (value null clears the field).
 */
export const bulkActionBodySchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(', ')}` }),
    target: z.union(
      [
        z.object({
          ids: z
            .array(z.uuid('target.ids must be contact ids'))
            .min(1, 'target.ids must name at least one contact')
            .max(CONTACT_LIMITS.bulkIdsMax, `target.ids may name at most ${CONTACT_LIMITS.bulkIdsMax} contacts`),
        }),
        z.object({ filter: contactFilterSchema }),
      ],
      { error: 'target must be { ids: [...] } or { filter: {...} }' },
    ),
    tag: z
      .object({
        field: z.enum(CONTACT_TAG_FIELDS, { error: `tag.field must be one of ${CONTACT_TAG_FIELDS.join(', ')}` }),
        value: optionalText('tag.value', CONTACT_LIMITS.tagMax),
      })
      .optional(),
    /** optIn: how these contacts agreed to receive messages again (required). */
    consentNote: consentNoteField.optional(),
  })
  .refine((body) => body.action !== 'setTag' || body.tag !== undefined, { error: 'tag is required for setTag', path: ['tag'] })
  .refine((body) => body.action !== 'optIn' || Boolean(body.consentNote), { error: CONSENT_NOTE_REQUIRED, path: ['consentNote'] });
export type BulkActionBody = z.infer<typeof bulkActionBodySchema>;

export const bulkActionResponseSchema = z.object({ affected: z.number().int() });
export type BulkActionResponse = z.infer<typeof bulkActionResponseSchema>;

/** GET /api/contacts/tags: distinct values of one tag field, for filter pickers. */
export const tagValuesQuerySchema = z.object({
  field: z.enum(CONTACT_TAG_FIELDS, { error: `field must be one of ${CONTACT_TAG_FIELDS.join(', ')}` }),
  search: z.string().trim().max(CONTACT_LIMITS.tagMax, `search must be at most ${CONTACT_LIMITS.tagMax} characters`).optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(CONTACT_LIMITS.tagValuesMax, `limit must be at most ${CONTACT_LIMITS.tagValuesMax}`)
    .default(50),
});
export type TagValuesQuery = z.infer<typeof tagValuesQuerySchema>;
export const tagValuesResponseSchema = z.object({ values: z.array(z.string()) });
export type TagValuesResponse = z.infer<typeof tagValuesResponseSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/contacts/export: the list's filter, as a streamed CSV or XLSX download. */
export const exportContactsQuerySchema = contactFilterSchema.extend({
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }).default('csv'),
});
export type ExportContactsQuery = z.infer<typeof exportContactsQuerySchema>;

/** Fixed leading columns of an export; one column per custom field name follows them. */
export const CONTACT_EXPORT_COLUMNS = [
  'phone',
  'first_name',
  'last_name',
  'email',
  'tag1',
  'tag2',
  'tag3',
  'status',
  'opted_out_at',
  'opt_out_source',
  'notes',
  'source',
  'created_at',
  'updated_at',
] as const;

/**
 * POST /api/v1/contacts (upsert by phone) and PUT /api/v1/contacts/{id}: the form's fields and
 * rules. status opted_out opts the contact out; active on an opted-out contact is refused (409):
 * consent back is recorded by staff, with a note, never by software.
 */
// Strict: a misspelt field ("firstname") is a 400 naming it, not silently dropped (issue 38).
export const integrationContactBodySchema = z.strictObject({
  phone: phoneField,
  defaultCountry: countryField.optional(),
  ...z.object({ ...contactFields }).partial().shape,
});
export const integrationContactUpdateBodySchema = integrationContactBodySchema.partial();
export type IntegrationContactBody = z.infer<typeof integrationContactUpdateBodySchema>;
