import { describe, expect, it } from 'vitest';
import { bucketsOf, bucketStart, usageRange } from './usage-range.ts';

describe('usage periods', () => {
  it('starts weeks on Monday and months on the 1st', () => {
    expect(bucketStart('2026-12-06', 'week')).toBe('2026-11-30');
    expect(bucketStart('2026-12-07', 'week')).toBe('2026-12-07');
    expect(bucketStart('2026-12-31', 'month')).toBe('2026-12-01');
    expect(bucketsOf('2026-11-25', '2026-12-07', 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(bucketsOf('2026-01-31', '2026-03-01', 'month')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });

  it('defaults to the last 30 days, 12 weeks or 12 months in the zone, and spans local midnights', () => {
    const now = new Date('2026-12-07T23:30:00Z');
    const days = usageRange({ period: 'day' }, 'Europe/Paris', now);
    // 23:30 UTC is already the 8th in Paris.
    expect([days.from, days.to]).toEqual(['2026-11-09', '2026-12-08']);
    expect(days.start.toISOString()).toBe('2026-11-08T23:00:00.000Z');
    expect(days.end.toISOString()).toBe('2026-12-08T23:00:00.000Z');
    expect(bucketsOf(days.from, days.to, 'day')).toHaveLength(30);
    const weeks = usageRange({ period: 'week' }, 'UTC', now);
    expect(bucketsOf(weeks.from, weeks.to, 'week')).toHaveLength(12);
    const months = usageRange({ period: 'month' }, 'UTC', now);
    expect([months.from, bucketsOf(months.from, months.to, 'month').length]).toEqual(['2026-01-01', 12]);
  });

  it('refuses more than a year of days, naming from', () => {
    expect(() => usageRange({ period: 'day', from: '2024-01-01', to: '2026-01-01' }, 'UTC')).toThrow(/from and to may span/);
  });
});
