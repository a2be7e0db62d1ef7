import { describe, expect, it } from 'vitest';
import { queryString } from './query-string';

describe('queryString (the API client query parameters, as axios wrote them)', () => {
  it('leaves out undefined and null, and gives nothing when nothing remains', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({ a: undefined, b: null })).toBe('');
    expect(queryString({ limit: 20, search: undefined, sort: 'name' })).toBe('?limit=20&sort=name');
  });

  it('encodes values', () => {
    expect(queryString({ search: 'a b&c=d', zone: 'Europe/Paris' })).toBe('?search=a+b%26c%3Dd&zone=Europe%2FParis');
  });

  it('repeats arrays as name[] by default and as name with indexes: null', () => {
    expect(queryString({ status: ['sent', 'failed'] })).toBe('?status%5B%5D=sent&status%5B%5D=failed');
    expect(queryString({ status: ['sent', 'failed'] }, false)).toBe('?status=sent&status=failed');
  });

  it('writes dates as ISO text and booleans as words', () => {
    expect(queryString({ from: new Date('2026-01-02T03:04:05.000Z'), all: true })).toBe('?from=2026-01-02T03%3A04%3A05.000Z&all=true');
  });
});
