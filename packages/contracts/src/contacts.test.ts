import { describe, expect, it } from 'vitest';
import {
  bulkActionBodySchema,
  contactFilterSchema,
  createContactBodySchema,
  exportContactsQuerySchema,
  listContactsQuerySchema,
  tagValuesQuerySchema,
  updateContactBodySchema,
} from './contacts.ts';

const problems = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('contact bodies', () => {
  it('requires a phone and trims, lowercases and clears optional text', () => {
    expect(problems(createContactBodySchema, {})).toEqual(['phone: phone is required']);
    expect(problems(createContactBodySchema, { phone: '  ' })).toEqual(['phone: phone is required']);
    const body = createContactBodySchema.parse({
      phone: ' 07911 123456 ',
      defaultCountry: 'gb',
      firstName: '  Ann ',
      lastName: '',
      email: ' Ann@Example.COM ',
      tag1: null,
    });
    expect(body).toEqual({
      phone: '07911 123456',
      defaultCountry: 'GB',
      firstName: 'Ann',
      lastName: null,
      email: 'ann@example.com',
      tag1: null,
    });
  });

  it('names the field that breaks a rule', () => {
    expect(problems(createContactBodySchema, { phone: '1', email: 'nope' })).toEqual(['email: email must be a valid email address']);
    expect(problems(createContactBodySchema, { phone: '1', defaultCountry: 'XX' })).toEqual([
      'defaultCountry: defaultCountry must be a two-letter country code (such as GB)',
    ]);
    expect(problems(createContactBodySchema, { phone: '1', firstName: 'x'.repeat(101) })).toEqual([
      'firstName: firstName must be at most 100 characters',
    ]);
    expect(problems(createContactBodySchema, { phone: '1', customFields: { a: 1 } })).toEqual([
      'customFields.a: customFields values must be text',
    ]);
    expect(problems(updateContactBodySchema, { status: 'gone' })).toEqual(['status: status must be one of active, opted_out']);
  });

  it('takes partial updates', () => {
    expect(updateContactBodySchema.parse({})).toEqual({});
    expect(updateContactBodySchema.parse({ tag2: 'VIP', notes: '' })).toEqual({ tag2: 'VIP', notes: null });
  });
});

describe('list, tags and export queries', () => {
  it('defaults paging and sort and checks filters', () => {
    expect(listContactsQuerySchema.parse({})).toEqual({ limit: 10, skip: 0, sort: 'createdAt', order: 'desc' });
    expect(
      listContactsQuerySchema.parse({
        limit: '25',
        status: 'opted_out',
        createdFrom: '2026-01-01',
        createdTo: '2026-01-31T10:00:00Z',
        country: 'gb',
      }),
    ).toMatchObject({
      limit: 25,
      status: 'opted_out',
      country: 'GB',
    });
    expect(problems(listContactsQuerySchema, { sort: 'email' })[0]).toContain('sort must be one of');
    expect(problems(listContactsQuerySchema, { createdFrom: 'yesterday' })).toEqual([
      'createdFrom: createdFrom must be a date (YYYY-MM-DD) or an ISO date-time',
    ]);
    expect(problems(listContactsQuerySchema, { limit: '500' })).toEqual(['limit: limit must be at most 100']);
  });

  it('tags and export', () => {
    expect(tagValuesQuerySchema.parse({ field: 'tag2' })).toEqual({ field: 'tag2', limit: 50 });
    expect(problems(tagValuesQuerySchema, { field: 'tag4' })).toEqual(['field: field must be one of tag1, tag2, tag3']);
    expect(exportContactsQuerySchema.parse({ tag1: 'A' })).toEqual({ tag1: 'A', format: 'csv' });
    expect(problems(exportContactsQuerySchema, { format: 'pdf' })).toEqual(['format: format must be one of csv, xlsx']);
  });
});

describe('bulk actions', () => {
  const id = '6a3c1b5e-8f4d-4c2a-9b1e-2d3f4a5b6c7d';
  it('targets ids or a filter', () => {
    expect(bulkActionBodySchema.parse({ action: 'delete', target: { ids: [id] } })).toEqual({ action: 'delete', target: { ids: [id] } });
    expect(bulkActionBodySchema.parse({ action: 'optOut', target: { filter: { tag1: 'A' } } })).toEqual({
      action: 'optOut',
      target: { filter: { tag1: 'A' } },
    });
    expect(problems(bulkActionBodySchema, { action: 'delete', target: { ids: [] } })).toHaveLength(1);
    expect(problems(bulkActionBodySchema, { action: 'delete', target: {} })).toHaveLength(1);
    expect(problems(bulkActionBodySchema, { action: 'explode', target: { ids: [id] } })).toEqual([
      'action: action must be one of delete, setTag, optOut, optIn',
    ]);
  });

  it('needs a tag for setTag; a null value clears it', () => {
    expect(problems(bulkActionBodySchema, { action: 'setTag', target: { ids: [id] } })).toEqual(['tag: tag is required for setTag']);
    expect(bulkActionBodySchema.parse({ action: 'setTag', target: { ids: [id] }, tag: { field: 'tag3', value: null } }).tag).toEqual({
      field: 'tag3',
      value: null,
    });
  });
});

describe('advanced filter conditions', () => {
  it('reads conditions as JSON text (query strings) or as an object (bodies), naming the field of a mistake', () => {
    const conditions = { tags: { match: 'all', values: ['a', 'b'] }, messagedWithinDays: 3 };
    expect(contactFilterSchema.parse({ conditions: JSON.stringify(conditions) }).conditions).toEqual(conditions);
    expect(contactFilterSchema.parse({ conditions }).conditions).toEqual(conditions);
    const bad = contactFilterSchema.safeParse({ conditions: '{"customFields":[{"name":"city","operator":"contains"}]}' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path.join('.')).toBe('conditions.customFields.0.value');
    expect(contactFilterSchema.safeParse({ conditions: 'not json' }).success).toBe(false);
  });
});
