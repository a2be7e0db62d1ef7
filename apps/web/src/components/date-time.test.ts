import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';

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
