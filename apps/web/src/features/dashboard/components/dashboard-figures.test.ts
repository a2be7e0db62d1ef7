import { describe, expect, it } from 'vitest';
import { formatPercent, niceMax, progressOf, scaleBars } from './dashboard-figures';

const counts = (over: Record<string, number>) => ({ queued: 0, sending: 0, sent: 0, delivered: 0, undelivered: 0, failed: 0, cancelled: 0, skipped: 0, total: 0, replied: 0, ...over });

describe('dashboard figures', () => {
  it('rounds chart tops to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(1_000_000)).toBe(1_000_000);
    expect(niceMax(1_000_001)).toBe(2_000_000);
  });

  it('scales bars to the chart height', () => {
    expect(scaleBars([0, 5, 10], 100)).toEqual({ max: 10, heights: [0, 50, 100] });
    expect(scaleBars([], 100)).toEqual({ max: 1, heights: [] });
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
