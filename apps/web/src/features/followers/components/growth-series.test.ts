import { describe, expect, it } from 'vitest';
import { growthSeries, MAX_CHART_DAYS } from './growth-series';

describe('the growth chart columns', () => {
  it('sums the topics per day and fills the days between with zeros', () => {
    const series = growthSeries([
      { day: '2026-03-03', topic: 'Roads', subscribes: 0, unsubscribes: 1 },
      { day: '2026-03-01', topic: 'Weather', subscribes: 2, unsubscribes: 0 },
      { day: '2026-03-01', topic: 'Roads', subscribes: 1, unsubscribes: 0 },
    ]);
    expect(series).toEqual({ days: ['2026-03-01', '2026-03-02', '2026-03-03'], subscribes: [3, 0, 0], unsubscribes: [0, 0, 1] });
  });

  it('is empty without days and keeps the newest days of a long range', () => {
    expect(growthSeries([]).days).toEqual([]);
    const series = growthSeries([
      { day: '2024-01-01', topic: null, subscribes: 1, unsubscribes: 0 },
      { day: '2026-01-01', topic: null, subscribes: 5, unsubscribes: 0 },
    ]);
    expect(series.days).toHaveLength(MAX_CHART_DAYS);
    expect(series.days.at(-1)).toBe('2026-01-01');
    expect(series.subscribes.reduce((a, b) => a + b, 0)).toBe(5);
  });
});
