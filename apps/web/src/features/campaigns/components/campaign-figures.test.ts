import type { CampaignCounts } from '@sms/contracts/campaigns';
import { describe, expect, it } from 'vitest';
import { processedCount, progressPercent, statusSegments } from './campaign-figures';

const counts = (patch: Partial<CampaignCounts>): CampaignCounts => ({
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
  ...patch,
});

describe('campaign figures', () => {
  it('counts every message past queued and sending as processed', () => {
    const c = counts({ queued: 40, sending: 10, sent: 5, delivered: 30, undelivered: 5, failed: 4, skipped: 6, total: 100 });
    expect(processedCount(c)).toBe(50);
    expect(progressPercent(c)).toBe(50);
  });

  it('has no percentage before recipients exist, and never more than 100', () => {
    expect(progressPercent(counts({}))).toBeNull();
    expect(progressPercent(counts({ delivered: 3, total: 2 }))).toBe(100);
  });

  it('lists the non-empty statuses, final outcomes first, with shares of the total', () => {
    const segments = statusSegments(counts({ queued: 50, delivered: 25, failed: 25, total: 100 }));
    expect(segments.map((s) => [s.status, s.count, s.percent])).toEqual([
      ['delivered', 25, 25],
      ['failed', 25, 25],
      ['queued', 50, 50],
    ]);
    expect(statusSegments(counts({}))).toEqual([]);
  });
});
