import {
  CONTACT_LIMITS,
  createContactBodySchema,
  type Contact,
  type CreateContactBody,
  type UpdateContactBody,
} from '@sms/contracts/contacts';
import { normalisePhone, type NormalisedPhone } from '@sms/contracts/phone';
import { z } from 'zod';

const shape = createContactBodySchema.shape;

/** Prefix of phone problems the form reports by reason (translated by the phone field). */
export const PHONE_PROBLEM_PREFIX = 'phoneProblem.';

/**
 * The contact form: the shared create rules (names, email, tags, notes, status) plus a live check
 * of the number with the same normalisation the server applies, in the chosen default country.
 */
export const contactFormSchema = z
  .object({
    phone: shape.phone,
    /** '' = none (the number must then carry its country code). */
    defaultCountry: z.string(),
    firstName: shape.firstName,
    lastName: shape.lastName,
    email: shape.email,
    tag1: shape.tag1,
    tag2: shape.tag2,
    tag3: shape.tag3,
    notes: shape.notes,
    status: shape.status.unwrap(),
    /** Whether the contact was opted out when the form opened (opting back in then needs a consent note). */
    wasOptedOut: z.boolean(),
    consentNote: z.string().max(CONTACT_LIMITS.consentNoteMax, `consentNote must be at most ${CONTACT_LIMITS.consentNoteMax} characters`),
  })
  .superRefine((values, context) => {
    const result = normalisePhone(values.phone, values.defaultCountry || null);
    if (!result.ok && result.reason !== 'missing')
      context.addIssue({ code: 'custom', path: ['phone'], message: `${PHONE_PROBLEM_PREFIX}${result.reason}` });
    if (optsBackIn(values) && values.consentNote.trim() === '')
      context.addIssue({ code: 'custom', path: ['consentNote'], message: 'validation.consentNoteRequired' });
  });
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

/** Whether the form's values opt an opted-out contact back in (a consent note is then due). */
export const optsBackIn = (values: Pick<ContactFormInput, 'wasOptedOut' | 'status'>): boolean =>
  values.wasOptedOut && values.status === 'active';

/** The form's starting values: empty for a new contact, else the contact's. */
export const contactFormDefaults = (contact: Contact | null, defaultCountry: string): ContactFormInput => ({
  phone: contact?.phone ?? '',
  defaultCountry: contact?.phoneCountry ?? defaultCountry,
  firstName: contact?.firstName ?? '',
  lastName: contact?.lastName ?? '',
  email: contact?.email ?? '',
  tag1: contact?.tag1 ?? '',
  tag2: contact?.tag2 ?? '',
  tag3: contact?.tag3 ?? '',
  notes: contact?.notes ?? '',
  status: contact?.status ?? 'active',
  wasOptedOut: contact?.status === 'opted_out',
  consentNote: '',
});

/** What the phone field shows under the input while typing. */
export const phonePreview = (phone: string, defaultCountry: string): NormalisedPhone | null =>
  phone.trim() === '' ? null : normalisePhone(phone, defaultCountry || null);

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'tag1', 'tag2', 'tag3', 'notes'] as const;

/** The POST body for the form's values (the server normalises the phone with the default country). */
export function createBody(values: ContactFormValues): CreateContactBody {
  const body: CreateContactBody = { phone: values.phone, status: values.status };
  if (values.defaultCountry) body.defaultCountry = values.defaultCountry;
  for (const field of TEXT_FIELDS) if (values[field]) body[field] = values[field];
  return body;
}

/** The partial PUT body: only what changed (a new phone goes with its default country). */
export function changedContactFields(contact: Contact, values: ContactFormValues): UpdateContactBody {
  const body: UpdateContactBody = {};
  if (values.phone !== contact.phone) {
    body.phone = values.phone;
    if (values.defaultCountry) body.defaultCountry = values.defaultCountry;
  }
  for (const field of TEXT_FIELDS) if ((values[field] ?? null) !== contact[field]) body[field] = values[field] ?? null;
  if (values.status !== contact.status) body.status = values.status;
  if (optsBackIn(values)) body.consentNote = values.consentNote.trim();
  return body;
}
