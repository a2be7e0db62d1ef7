import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayRange,
  daysBetween,
  isCalendarDate,
  localDate,
  monthGrid,
  shiftLocalDateTime,
  startOfDay,
  startOfWeek,
  weekDates,
  weekday,
} from './calendar-dates.ts';

describe('calendar dates', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-04-02')).toBe(5);
    expect(daysBetween('2026-04-02', '2026-03-28')).toBe(-5);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });

  it('finds weekdays and week starts (Sunday, Monday, Saturday)', () => {
    expect(weekday('2026-11-25')).toBe(3); // a Wednesday
    expect(startOfWeek('2026-11-25', 1)).toBe('2026-11-23');
    expect(startOfWeek('2026-11-25', 0)).toBe('2026-11-22');
    expect(startOfWeek('2026-11-25', 6)).toBe('2026-11-21');
    expect(startOfWeek('2026-11-23', 1)).toBe('2026-11-23');
    expect(weekDates('2026-11-25', 1)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('builds month grids of whole weeks', () => {
    const november = monthGrid(2026, 11, 1);
    expect(november).toHaveLength(6); // 1 Nov 2026 is a Sunday: Monday-first weeks need six rows
    expect(november[0]?.[0]).toBe('2026-10-26');
    expect(november[0]?.[6]).toBe('2026-11-01');
    expect(november.at(-1)?.[6]).toBe('2026-12-06');
    expect(monthGrid(2026, 11, 0)).toHaveLength(5);
    // February 2015 starts on a Sunday and has 28 days: exactly four Sunday-first weeks.
    expect(monthGrid(2015, 2, 0)).toHaveLength(4);
    for (const week of monthGrid(2026, 3, 1)) expect(week).toHaveLength(7);
  });

  it('reads days in a time zone, across daylight saving changes', () => {
    // 23:30 UTC on 31 March is already 1 April in Paris (summer time, +2).
    expect(localDate(new Date('2026-03-31T23:30:00Z'), 'Europe/Paris')).toBe('2026-04-01');
    expect(localDate(new Date('2026-03-31T23:30:00Z'), 'America/New_York')).toBe('2026-03-31');
    // Paris springs forward on 29 March 2026: that day lasts 23 hours.
    const spring = dayRange('2026-03-29', '2026-03-29', 'Europe/Paris');
    expect(spring.from.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    // ...and falls back on 25 October 2026: 25 hours.
    const autumn = dayRange('2026-10-25', '2026-10-25', 'Europe/Paris');
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
    // A month view's range in Tokyo starts at its local midnight.
    expect(startOfDay('2026-10-26', 'Asia/Tokyo').toISOString()).toBe('2026-10-25T15:00:00.000Z');
  });

  it('moves a local date-time by whole days, keeping its time of day', () => {
    expect(shiftLocalDateTime('2026-03-27T09:30', 3)).toBe('2026-03-30T09:30');
    expect(shiftLocalDateTime('2026-01-01T00:05', -1)).toBe('2025-12-31T00:05');
  });
});
