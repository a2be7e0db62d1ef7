import { listContactsQuerySchema } from '@sms/contracts/contacts';
import { describe, expect, it } from 'vitest';
import { bulkCount, bulkTarget, offerAllMatching } from './bulk-target';
import { contactsApiQuery, contactsList, dayBoundary, filterToApiQuery } from './list-state';

// The list mechanics are tested in lib/list-state; here, what is the contacts list's own.
describe('contacts list', () => {
  it('reads its filters and keeps only real statuses, dates and sort fields', () => {
    const query = 'tag1=Spring+fair&tag2=vip&tag3=x&status=opted_out&createdFrom=2026-01-01&createdTo=2026-02-28&sort=lastName&order=asc';
    expect(contactsList.parse(new URLSearchParams(query))).toEqual({
      ...contactsList.defaults,
      tag1: 'Spring fair',
      tag2: 'vip',
      tag3: 'x',
      status: 'opted_out',
      createdFrom: '2026-01-01',
      createdTo: '2026-02-28',
      sort: 'lastName',
      order: 'asc',
    });
    expect(contactsList.parse(new URLSearchParams('status=gone&sort=password&createdFrom=2026-02-30'))).toEqual(contactsList.defaults);
    expect(contactsList.parse(new URLSearchParams(`tag1=${'y'.repeat(300)}`)).tag1).toHaveLength(100);
    expect(contactsList.defaults).toMatchObject({ pageSize: 25, sort: 'createdAt', order: 'desc' });
  });

  it('turns the page model into limit/skip and leaves empty filters out', () => {
    const query = contactsApiQuery({ ...contactsList.defaults, page: 2, pageSize: 10, tag1: 'vip', search: '+44' });
    expect(query).toEqual({ limit: 10, skip: 20, sort: 'createdAt', order: 'desc', search: '+44', tag1: 'vip' });
    expect(listContactsQuerySchema.parse(query)).toMatchObject(query);
  });

  it('sends created dates as the bounds of local days (the end day inclusive)', () => {
    const query = filterToApiQuery({ ...contactsList.clearedFilters, createdFrom: '2026-03-01', createdTo: '2026-03-01' });
    expect(query.createdFrom).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.createdTo).toBe(new Date(2026, 2, 2).toISOString());
    expect(dayBoundary('2026-12-31', true)).toBe(new Date(2027, 0, 1).toISOString());
  });
});

describe('bulk target', () => {
  const filter = { ...contactsList.clearedFilters, tag1: 'vip' };
  it('sends the ticked ids, or the filter for "all matching"', () => {
    expect(bulkTarget(['a', 'b'], false, filter)).toEqual({ ids: ['a', 'b'] });
    expect(bulkTarget(['a', 'b'], true, filter)).toEqual({ filter: { tag1: 'vip' } });
    expect(bulkCount(['a', 'b'], false, 40)).toBe(2);
    expect(bulkCount(['a', 'b'], true, 40)).toBe(40);
  });

  it('offers "all matching" once the whole page is ticked and more rows match', () => {
    expect(offerAllMatching(25, 25, 40)).toBe(true);
    expect(offerAllMatching(24, 25, 40)).toBe(false);
    expect(offerAllMatching(25, 25, 25)).toBe(false);
    expect(offerAllMatching(0, 0, 0)).toBe(false);
  });
});
