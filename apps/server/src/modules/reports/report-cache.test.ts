import { describe, expect, it } from 'vitest';
import { ReportCache } from './report-cache.ts';
import { bucketTimeline } from './reports.service.ts';

describe('ReportCache', () => {
  it('reuses an entry while the signature holds, shares a computation, forgets failures', async () => {
    const cache = new ReportCache<number>({ maxAgeMs: 60_000, liveReuseMs: 0 });
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([cache.get('a', 's1', false, compute), cache.get('a', 's1', false, compute)])).toEqual([1, 1]);
    expect(await cache.get('a', 's2', false, compute)).toBe(2);
    await expect(cache.get('b', 's', false, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await Promise.resolve();
    expect(await cache.get('b', 's', false, compute)).toBe(3);
  });

  it('refreshes an old entry behind the request (old figures at once, new ones next), and reuses a young entry of a live campaign whatever its signature', async () => {
    const aged = new ReportCache<number>({ maxAgeMs: 0 });
    let n = 0;
    let release: () => void = () => {};
    const slow = () => new Promise<number>((resolve) => (release = () => resolve(++n)));
    const first = aged.get('a', 's', false, slow);
    release();
    expect(await first).toBe(1);
    // Old: answered from the entry while one recomputation runs (not two).
    expect(await aged.get('a', 's', false, slow)).toBe(1);
    expect(await aged.get('a', 's', false, async () => 99)).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await aged.get('a', 's', false, async () => 99)).toBe(2);
    // A failed refresh keeps the old figures and lets the next request try again.
    const failing = new ReportCache<number>({ maxAgeMs: 0 });
    expect(await failing.get('a', 's', false, async () => 5)).toBe(5);
    expect(await failing.get('a', 's', false, () => Promise.reject(new Error('boom')))).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await failing.get('a', 's', false, async () => 6)).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await failing.get('a', 's', false, async () => 7)).toBe(6);
    const live = new ReportCache<number>({ liveReuseMs: 60_000 });
    expect(await live.get('a', 's1', true, async () => 10)).toBe(10);
    expect(await live.get('a', 's2', true, async () => 20)).toBe(10);
    expect(await live.get('a', 's3', false, async () => 30)).toBe(30);
  });
});

describe('bucketTimeline', () => {
  const minute = (offset: number, sent = 1) => ({ at: new Date(Date.UTC(2026, 0, 1) + offset * 60_000), sent, delivered: 0, failed: 0 });

  it('keeps minutes for a short campaign, rolls up to hours and days as the span grows (at most ~200 points)', () => {
    const short = bucketTimeline([minute(0), minute(199)]);
    expect(short.bucket).toBe('minute');
    expect(short.points).toHaveLength(2);
    const hours = bucketTimeline([minute(0), minute(30), minute(61), minute(200)]);
    expect(hours.bucket).toBe('hour');
    expect(hours.points.map((p) => [p.at.toISOString(), p.sent])).toEqual([
      ['2026-01-01T00:00:00.000Z', 2],
      ['2026-01-01T01:00:00.000Z', 1],
      ['2026-01-01T03:00:00.000Z', 1],
    ]);
    const days = bucketTimeline([minute(0), minute(60 * 24 * 9)]);
    expect(days.bucket).toBe('day');
    expect(days.points).toHaveLength(2);
    expect(bucketTimeline([])).toEqual({ bucket: 'minute', points: [] });
  });

  it('keeps seconds for a send shorter than ~200 seconds, and rolls seconds up into minutes past it', () => {
    const second = (offset: number) => ({ at: new Date(Date.UTC(2026, 0, 1) + offset * 1000), sent: 1, delivered: 0, failed: 0 });
    const short = bucketTimeline([second(0), second(1), second(45)], 'second');
    expect(short.bucket).toBe('second');
    expect(short.points).toHaveLength(3);
    const longer = bucketTimeline([second(0), second(59), second(61), second(205)], 'second');
    expect(longer.bucket).toBe('minute');
    expect(longer.points.map((p) => [p.at.toISOString().slice(11, 19), p.sent])).toEqual([
      ['00:00:00', 2],
      ['00:01:00', 1],
      ['00:03:00', 1],
    ]);
    // Minute rows are never split: a short span of them stays per minute.
    expect(bucketTimeline([minute(0), minute(2)], 'minute').bucket).toBe('minute');
  });
});
