import type { CampaignCounts } from '@sms/contracts/campaigns';
import type { MessageStatus } from '@sms/contracts/messages';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/**
 * The statuses the messages chart shows, in order, with their colours (theme palette paths): the
 * same tones as the message status chips (success, info, primary, warning, error, neutral greys).
 * Sending uses the primary text shade, which stays readable on the dark page whatever the brand
 * colour; the greys are ones the dark scheme redefines (light on dark, dark on light).
 */
export const CHART_STATUSES: ReadonlyArray<{ status: MessageStatus; color: string }> = [
  { status: 'delivered', color: 'success.main' },
  { status: 'sent', color: 'info.main' },
  { status: 'unknown', color: 'secondary.main' },
  { status: 'sending', color: 'textColor.primary' },
  { status: 'queued', color: 'grey.400' },
  { status: 'undelivered', color: 'warning.main' },
  { status: 'failed', color: 'error.main' },
  { status: 'skipped', color: 'grey.500' },
  { status: 'cancelled', color: 'grey.600' },
];

/** One column of a dashboard chart. */
export interface ChartBar {
  key: string;
  value: number;
  /** Theme palette path such as 'success.main'. */
  color: string;
}

/** The messages-by-status columns of one window's counts, in CHART_STATUSES order. */
export const statusBars = (counts: CampaignCounts): ChartBar[] =>
  CHART_STATUSES.map(({ status, color }) => ({ key: status, value: counts[status], color }));

/** The opt-outs-per-day columns (oldest first, keyed by the YYYY-MM-DD date). */
export const dailyBars = (daily: ReadonlyArray<{ date: string; n: number }>, color = 'warning.main'): ChartBar[] =>
  daily.map((day) => ({ key: day.date, value: day.n, color }));

/** The indexes of a dense axis that get a label: the first, the middle and the last. */
export function sparseLabelIndexes(length: number): Set<number> {
  return length <= 0 ? new Set() : new Set([0, Math.floor((length - 1) / 2), length - 1]);
}

/** The value-axis ticks (whole numbers only) from 0 to a niceMax top: halves of 1 and 2, fifths of 5 (x 10^n). */
export function valueTicks(max: number): number[] {
  const lead = Math.round(max / 10 ** Math.floor(Math.log10(max)));
  const parts = lead === 5 ? 5 : max === 1 ? 1 : 2;
  return Array.from({ length: parts + 1 }, (_, i) => (max / parts) * i).filter((tick) => Number.isInteger(tick));
}

/** Messages no longer waiting: everything but queued and sending. */
export const processed = (counts: CampaignCounts): number => Math.max(0, counts.total - counts.queued - counts.sending);

/** Share of recipients processed, 0-100; null before any recipient exists. */
export const progressOf = (counts: CampaignCounts): number | null =>
  counts.total > 0 ? Math.min(100, (processed(counts) / counts.total) * 100) : null;

/** A "nice" top for a chart's value axis (1, 2, 5 x 10^n), never below `minimum`. */
export function niceMax(value: number, minimum = 1): number {
  const target = Math.max(value, minimum);
  const power = 10 ** Math.floor(Math.log10(target));
  for (const step of [1, 2, 5, 10]) if (step * power >= target) return step * power;
  return 10 * power;
}

/** A percentage for display ("97.5 %" in the language's format), or the dash when unknown. */
export function formatPercent(value: number | null, language: string): string {
  return value === null
    ? '—'
    : new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}
