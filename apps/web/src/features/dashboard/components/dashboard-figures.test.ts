import { describe, expect, it } from 'vitest';
import {
  CHART_STATUSES,
  dailyBars,
  formatPercent,
  niceMax,
  progressOf,
  sparseLabelIndexes,
  statusBars,
  valueTicks,
} from './dashboard-figures';

const counts = (over: Record<string, number>) => ({
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  undelivered: 0,
  unknown: 0,
  failed: 0,
  cancelled: 0,
  skipped: 0,
  total: 0,
  replied: 0,
  optedOut: 0,
  ...over,
});

describe('dashboard figures', () => {
  it('rounds chart tops to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(1_000_000)).toBe(1_000_000);
    expect(niceMax(1_000_001)).toBe(2_000_000);
  });

  it('builds the messages-by-status columns in chart order with the status colours', () => {
    const bars = statusBars(counts({ delivered: 4, sent: 2, failed: 1, queued: 3, total: 10 }));
    expect(bars.map((bar) => bar.key)).toEqual([
      'delivered',
      'sent',
      'unknown',
      'sending',
      'queued',
      'undelivered',
      'failed',
      'skipped',
      'cancelled',
    ]);
    expect(bars.map((bar) => bar.value)).toEqual([4, 2, 0, 0, 3, 0, 1, 0, 0]);
    expect(bars.find((bar) => bar.key === 'delivered')?.color).toBe('success.main');
    expect(bars.find((bar) => bar.key === 'failed')?.color).toBe('error.main');
    expect(bars.find((bar) => bar.key === 'undelivered')?.color).toBe('warning.main');
    // Every status has its own colour.
    expect(new Set(CHART_STATUSES.map((entry) => entry.color)).size).toBe(CHART_STATUSES.length);
  });

  it('builds one opt-out column per day, oldest first', () => {
    expect(
      dailyBars([
        { date: '2026-11-01', n: 0 },
        { date: '2026-11-02', n: 3 },
      ]),
    ).toEqual([
      { key: '2026-11-01', value: 0, color: 'warning.main' },
      { key: '2026-11-02', value: 3, color: 'warning.main' },
    ]);
    expect(dailyBars([])).toEqual([]);
  });

  it('labels the first, middle and last day of a dense axis', () => {
    expect([...sparseLabelIndexes(30)].sort((a, b) => a - b)).toEqual([0, 14, 29]);
    expect([...sparseLabelIndexes(1)]).toEqual([0]);
    expect([...sparseLabelIndexes(2)].sort()).toEqual([0, 1]);
    expect(sparseLabelIndexes(0).size).toBe(0);
  });

  it('puts whole-number ticks on the value axis', () => {
    expect(valueTicks(1)).toEqual([0, 1]);
    expect(valueTicks(2)).toEqual([0, 1, 2]);
    expect(valueTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(valueTicks(10)).toEqual([0, 5, 10]);
    expect(valueTicks(50)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(valueTicks(200)).toEqual([0, 100, 200]);
    for (const value of [0, 3, 7, 12, 99, 1234, 987_654]) {
      const max = niceMax(value);
      const ticks = valueTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBe(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
    }
  });

  it('answers progress as processed over recipients', () => {
    expect(progressOf(counts({}))).toBeNull();
    expect(progressOf(counts({ total: 4, queued: 1, sending: 1, delivered: 2 }))).toBe(50);
  });

  it('formats percentages in the interface language', () => {
    expect(formatPercent(97.5, 'en')).toBe('97.5%');
    expect(formatPercent(null, 'en')).toBe('—');
    expect(formatPercent(50, 'fr')).toMatch(/^50\s?%$/);
  });
});
