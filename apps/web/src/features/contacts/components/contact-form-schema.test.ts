import { createContactBodySchema, updateContactBodySchema, type Contact } from '@sms/contracts/contacts';
import { describe, expect, it } from 'vitest';
import { changedContactFields, contactFormDefaults, contactFormSchema, createBody, phonePreview } from './contact-form-schema';

const contact: Contact = {
  id: '3f0b6d36-5c1f-4a8e-9d43-2f6f1f7b0a11',
  phone: '+447911123456',
  phoneCountry: 'GB',
  firstName: 'Ada',
  lastName: null,
  email: 'ada@example.org',
  tag1: 'vip',
  tag2: null,
  tag3: null,
  customFields: { city: 'London' },
  status: 'active',
  optedOutAt: null,
  optOutSource: null,
  notes: null,
  optInNote: null,
  optedInAt: null,
  source: 'manual',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('contactFormSchema', () => {
  it('accepts a local number with its default country and clears empty fields', () => {
    const values = contactFormSchema.parse({ ...contactFormDefaults(null, 'GB'), phone: '07911 123456', firstName: ' Grace ' });
    expect(values).toMatchObject({
      phone: '07911 123456',
      defaultCountry: 'GB',
      firstName: 'Grace',
      lastName: null,
      email: null,
      status: 'active',
    });
    const body = createBody(values);
    expect(body).toEqual({ phone: '07911 123456', defaultCountry: 'GB', firstName: 'Grace', status: 'active' });
    expect(createContactBodySchema.safeParse(body).success).toBe(true);
  });

  it('reports why a number cannot be read', () => {
    const issues = (phone: string, defaultCountry = '') =>
      contactFormSchema.safeParse({ ...contactFormDefaults(null, defaultCountry), phone }).error?.issues.map((issue) => issue.message);
    expect(issues('07911 123456')).toEqual(['phoneProblem.invalid']);
    expect(issues('0791', 'GB')).toEqual(['phoneProblem.invalid_for_country']);
    expect(issues('1234567890123456')).toEqual(['phoneProblem.too_long']);
    expect(issues('')).toEqual(['phone is required']);
    expect(issues('+1 202 555 0143 x')).toEqual(['phoneProblem.invalid']);
  });

  it('checks the email with the shared rule', () => {
    const result = contactFormSchema.safeParse({ ...contactFormDefaults(null, ''), phone: '+447911123456', email: 'nope' });
    expect(result.error?.issues[0]?.message).toBe('email must be a valid email address');
  });
});

describe('phonePreview', () => {
  it('shows the E.164 number and its country, or nothing for an empty input', () => {
    expect(phonePreview('07400 123456', 'GB')).toEqual({ ok: true, e164: '+447400123456', country: 'GB' });
    expect(phonePreview('0033 6 12 34 56 78', '')).toMatchObject({ ok: true, e164: '+33612345678', country: 'FR' });
    expect(phonePreview('  ', 'GB')).toBeNull();
  });
});

describe('changedContactFields', () => {
  it('sends only what changed', () => {
    const values = contactFormSchema.parse({ ...contactFormDefaults(contact, ''), lastName: 'Lovelace', tag1: '' });
    const body = changedContactFields(contact, values);
    expect(body).toEqual({ lastName: 'Lovelace', tag1: null });
    expect(updateContactBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends a new phone with its default country, and a status change', () => {
    const values = contactFormSchema.parse({ ...contactFormDefaults(contact, ''), phone: '07400 123456', status: 'opted_out' });
    expect(changedContactFields(contact, values)).toEqual({ phone: '07400 123456', defaultCountry: 'GB', status: 'opted_out' });
  });

  it('asks for a consent note to opt an opted-out contact back in, and sends it', () => {
    const optedOut: Contact = { ...contact, status: 'opted_out', optedOutAt: '2026-01-02T00:00:00.000Z', optOutSource: 'keyword' };
    const missing = contactFormSchema.safeParse({ ...contactFormDefaults(optedOut, ''), status: 'active', consentNote: '  ' });
    expect(missing.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['consentNote', 'validation.consentNoteRequired'],
    ]);
    const values = contactFormSchema.parse({ ...contactFormDefaults(optedOut, ''), status: 'active', consentNote: ' Asked at the desk ' });
    const body = changedContactFields(optedOut, values);
    expect(body).toEqual({ status: 'active', consentNote: 'Asked at the desk' });
    expect(updateContactBodySchema.safeParse(body).success).toBe(true);
    // No note is asked for an active contact, or for one staying opted out.
    expect(contactFormSchema.safeParse(contactFormDefaults(optedOut, '')).success).toBe(true);
  });

  it('is empty when nothing changed', () => {
    expect(changedContactFields(contact, contactFormSchema.parse(contactFormDefaults(contact, 'FR')))).toEqual({});
  });
});
