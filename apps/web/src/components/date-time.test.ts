import { describe, expect, it } from 'vitest';
import { formatDateTime, formatShortDateTime } from './date-time';

describe('formatDateTime', () => {
  it('formats in the given language', () => {
    const value = '2026-03-04T05:06:00.000Z';
    expect(formatDateTime(value, 'en')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
    );
    expect(formatDateTime(value, 'fr')).toContain('2026');
    expect(formatDateTime(value, 'en', false)).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(value)));
  });

  it('returns null for missing or unreadable values', () => {
    expect(formatDateTime(null, 'en')).toBeNull();
    expect(formatDateTime('', 'en')).toBeNull();
    expect(formatDateTime('not a date', 'en')).toBeNull();
  });
});

describe('formatShortDateTime', () => {
  it('leaves out this year, keeps another year, and is shorter than the full form', () => {
    const now = new Date('2026-11-27T12:00:00');
    expect(formatShortDateTime('2026-11-26T21:05:00', 'en', now)).toBe('Nov 26, 9:05 PM');
    expect(formatShortDateTime('2025-12-31T08:00:00', 'en', now)).toBe('Dec 31, 2025, 8:00 AM');
    expect(formatShortDateTime(null, 'en', now)).toBeNull();
    expect(formatShortDateTime('2026-11-26T21:05:00', 'en', now)!.length).toBeLessThan(formatDateTime('2026-11-26T21:05:00', 'en')!.length);
  });
});
