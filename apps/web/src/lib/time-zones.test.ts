import { describe, expect, it } from 'vitest';
import { timeZoneNames, utcOffsetLabel } from './time-zones';

describe('time zones', () => {
  it('lists UTC first, then the IANA zones in order, without duplicates', () => {
    const names = timeZoneNames();
    expect(names[0]).toBe('UTC');
    expect(names).toContain('Europe/Paris');
    expect(names).toContain('Asia/Tokyo');
    expect(new Set(names).size).toBe(names.length);
    const rest = names.slice(1);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  });

  it('labels offsets, with summer time and half hours', () => {
    expect(utcOffsetLabel('UTC')).toBe('UTC');
    expect(utcOffsetLabel('Europe/London', new Date('2026-01-15T12:00:00Z'))).toBe('UTC');
    expect(utcOffsetLabel('Europe/Paris', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+01:00');
    expect(utcOffsetLabel('Europe/Paris', new Date('2026-07-15T12:00:00Z'))).toBe('UTC+02:00');
    expect(utcOffsetLabel('Asia/Kolkata', new Date('2026-07-15T12:00:00Z'))).toBe('UTC+05:30');
    expect(utcOffsetLabel('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('UTC-05:00');
  });
});
