import type { CampaignCounts } from '@sms/contracts/campaigns';
import type { MessageStatus } from '@sms/contracts/messages';

/** Messages no longer waiting to be sent: everything but queued and sending. */
export const processedCount = (counts: CampaignCounts): number => Math.max(0, counts.total - counts.queued - counts.sending);

/** Share of recipients processed, 0-100; null while no recipient exists yet. */
export function progressPercent(counts: CampaignCounts): number | null {
  if (counts.total <= 0) return null;
  return Math.min(100, (processedCount(counts) / counts.total) * 100);
}

/** Order and colour of the statuses in the progress bar and its legend (final outcomes first). */
export const STATUS_SEGMENTS: ReadonlyArray<{ status: MessageStatus; color: string }> = [
  { status: 'delivered', color: 'success.main' },
  { status: 'sent', color: 'info.main' },
  { status: 'unknown', color: 'secondary.main' },
  { status: 'undelivered', color: 'warning.main' },
  { status: 'failed', color: 'error.main' },
  { status: 'skipped', color: 'grey.500' },
  { status: 'cancelled', color: 'grey.700' },
  { status: 'sending', color: 'primary.main' },
  { status: 'queued', color: 'grey.300' },
];

export interface Segment {
  status: MessageStatus;
  color: string;
  count: number;
  /** Share of the total, 0-100. */
  percent: number;
}

/** The non-empty parts of a stacked bar of the counts, in STATUS_SEGMENTS order. */
export function statusSegments(counts: CampaignCounts): Segment[] {
  if (counts.total <= 0) return [];
  return STATUS_SEGMENTS.filter(({ status }) => counts[status] > 0).map(({ status, color }) => ({
    status,
    color,
    count: counts[status],
    percent: (counts[status] / counts.total) * 100,
  }));
}
