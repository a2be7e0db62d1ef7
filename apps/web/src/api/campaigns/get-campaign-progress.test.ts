import type { CampaignProgress } from '@sms/contracts/campaigns';
import { replyFigures } from '@sms/contracts/reply-figures';
import { describe, expect, it } from 'vitest';
import { PROGRESS_POLL_MS, RECEIPTS_POLL_MS, REPLIES_POLL_MS, progressInterval } from './get-campaign-progress';

const progress = (status: CampaignProgress['status'], sent: number): CampaignProgress => ({
  status,
  statusReason: null,
  audienceReady: true,
  counts: {
    queued: 0,
    sending: 0,
    sent,
    delivered: 3,
    undelivered: 0,
    unknown: 0,
    failed: 0,
    cancelled: 0,
    skipped: 0,
    total: 3 + sent,
    replied: 0,
    optedOut: 0,
  },
  ratePerSecond: 0,
  averageRatePerSecond: null,
  replies: replyFigures({ total: 3 + sent, sent, delivered: 3, unknown: 0, replied: 0, optedOut: 0 }),
  gatewayDown: null,
  eta: null,
  recentErrors: [],
});
const now = new Date('2026-05-01T12:00:00Z').getTime();

describe('progress polling', () => {
  it('polls fast while scheduled, sending or paused', () => {
    for (const status of ['scheduled', 'sending', 'paused'] as const)
      expect(progressInterval(progress(status, 0), null, now)).toBe(PROGRESS_POLL_MS);
  });

  it('keeps polling a finished campaign while sent messages await their receipts, for an hour', () => {
    expect(progressInterval(progress('completed', 2), '2026-05-01T11:59:00Z', now)).toBe(RECEIPTS_POLL_MS);
    expect(progressInterval(progress('completed', 2), '2026-05-01T10:30:00Z', now)).toBe(false);
    expect(progressInterval(progress('completed', 0), '2026-05-01T11:59:00Z', now)).toBe(false);
  });

  it('then keeps polling, slower, while its reply window is open, so replies show as they come', () => {
    expect(progressInterval(progress('completed', 0), '2026-05-01T10:30:00Z', now, 72)).toBe(REPLIES_POLL_MS);
    expect(progressInterval(progress('completed', 2), '2026-05-01T11:59:00Z', now, 72)).toBe(RECEIPTS_POLL_MS);
    expect(progressInterval(progress('completed', 0), '2026-04-27T10:30:00Z', now, 72)).toBe(false);
    expect(progressInterval(progress('cancelled', 0), '2026-05-01T10:30:00Z', now, 1)).toBe(false);
  });

  it('does not poll drafts, failed campaigns or before the first answer', () => {
    expect(progressInterval(progress('draft', 0), null, now)).toBe(false);
    expect(progressInterval(progress('failed', 0), null, now)).toBe(false);
    expect(progressInterval(undefined, null, now)).toBe(false);
  });
});
