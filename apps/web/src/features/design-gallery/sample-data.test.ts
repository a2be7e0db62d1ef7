import { describe, expect, test } from 'vitest';
import { queryContacts, sampleContacts, sampleSeries, type SampleQuery } from './sample-data';

const query = (patch: Partial<SampleQuery> = {}): SampleQuery => ({
  search: '',
  sort: 'name',
  order: 'asc',
  page: 0,
  pageSize: 10,
  ...patch,
});

describe('sample contacts', () => {
  test('the same seed gives the same rows, another seed others', () => {
    expect(sampleContacts(20)).toEqual(sampleContacts(20));
    expect(sampleContacts(20, 1)).not.toEqual(sampleContacts(20, 2));
    const rows = sampleContacts(50);
    expect(new Set(rows.map((row) => row.id)).size).toBe(50);
    for (const row of rows) expect(row.phone).toMatch(/^\+2547\d{8}$/);
  });

  test('a page of the sorted rows, with the total', () => {
    const rows = sampleContacts(45);
    const first = queryContacts(rows, query());
    expect(first.total).toBe(45);
    expect(first.data).toHaveLength(10);
    const names = first.data.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(queryContacts(rows, query({ page: 4 })).data).toHaveLength(5);
    const byMessages = queryContacts(rows, query({ sort: 'messages', order: 'desc', pageSize: 45 })).data.map((row) => row.messages);
    expect(byMessages).toEqual([...byMessages].sort((a, b) => b - a));
  });

  test('the search narrows by name or phone, and the total follows', () => {
    const rows = sampleContacts(45);
    const name = rows[3]!.name;
    const found = queryContacts(rows, query({ search: name.toUpperCase(), pageSize: 100 }));
    expect(found.total).toBe(rows.filter((row) => row.name === name || row.name.toLowerCase().includes(name.toLowerCase())).length);
    expect(found.data.every((row) => row.name.toLowerCase().includes(name.toLowerCase()))).toBe(true);
    expect(queryContacts(rows, query({ search: 'no such person' }))).toEqual({ data: [], total: 0 });
  });
});

test('sample series: twelve months, delivered within sent, replies within delivered', () => {
  const series = sampleSeries();
  expect(series.months).toHaveLength(12);
  series.sent.forEach((sent, index) => {
    expect(series.delivered[index]).toBeLessThanOrEqual(sent);
    expect(series.replies[index]).toBeLessThanOrEqual(series.delivered[index]!);
  });
});
