import { describe, expect, it } from 'vitest';
import {
  dailyWindowEnd,
  isInDailyWindow,
  isLocalDateTime,
  isTimeZone,
  toLocalDateTime,
  zonedToInstant,
  zoneOffsetMinutes,
} from './zoned-time.ts';

describe('zoned time', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('checks local date-times for real calendar values', () => {
    expect(isLocalDateTime('2026-02-28T09:30')).toBe(true);
    expect(isLocalDateTime('2026-02-29T09:30')).toBe(false);
    expect(isLocalDateTime('2026-01-01T24:00')).toBe(false);
    expect(isLocalDateTime('2026-01-01 09:00')).toBe(false);
  });

  it('reads a local time in a zone as the right instant (winter, summer, UTC)', () => {
    expect(zonedToInstant('2026-01-15T09:00', 'Europe/Paris').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedToInstant('2026-07-15T09:00', 'Europe/Paris').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(zonedToInstant('2026-07-15T09:00', 'America/New_York').toISOString()).toBe('2026-07-15T13:00:00.000Z');
    expect(zonedToInstant('2026-07-15T09:00', 'UTC').toISOString()).toBe('2026-07-15T09:00:00.000Z');
    expect(zonedToInstant('2026-07-15T09:00', 'Asia/Kolkata').toISOString()).toBe('2026-07-15T03:30:00.000Z');
  });

  it('moves a time in the spring-forward gap forward and takes the first of an autumn overlap', () => {
    // Paris: 2026-03-29 02:00 -> 03:00 does not exist.
    expect(zonedToInstant('2026-03-29T02:30', 'Europe/Paris').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // Paris: 2026-10-25 02:30 happens twice (UTC+2 then UTC+1): the first is 00:30Z.
    expect(zonedToInstant('2026-10-25T02:30', 'Europe/Paris').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('formats an instant back to the local reading and offset', () => {
    const instant = new Date('2026-07-15T07:00:00Z');
    expect(toLocalDateTime(instant, 'Europe/Paris')).toBe('2026-07-15T09:00:00');
    expect(zoneOffsetMinutes(instant, 'Europe/Paris')).toBe(120);
    expect(zoneOffsetMinutes(instant, 'America/New_York')).toBe(-240);
  });

  it('tells whether a time falls in a daily window, wrapping past midnight', () => {
    const night = { start: '21:00', end: '08:00' };
    expect(isInDailyWindow(new Date('2026-07-15T19:30:00Z'), night, 'Europe/Paris')).toBe(true); // 21:30
    expect(isInDailyWindow(new Date('2026-07-15T05:59:00Z'), night, 'Europe/Paris')).toBe(true); // 07:59
    expect(isInDailyWindow(new Date('2026-07-15T06:00:00Z'), night, 'Europe/Paris')).toBe(false); // 08:00
    expect(isInDailyWindow(new Date('2026-07-15T12:00:00Z'), { start: '12:00', end: '13:00' }, 'UTC')).toBe(true);
    expect(isInDailyWindow(new Date('2026-07-15T13:00:00Z'), { start: '12:00', end: '13:00' }, 'UTC')).toBe(false);
  });

  it('finds when the window ends', () => {
    expect(dailyWindowEnd(new Date('2026-07-15T19:30:00Z'), { start: '21:00', end: '08:00' }, 'Europe/Paris').toISOString()).toBe(
      '2026-07-16T06:00:00.000Z',
    );
  });
});
