import type { CampaignCounts } from '@sms/contracts/campaigns';
import type { MessageStatus } from '@sms/contracts/messages';

/** The statuses the messages chart shows, in order, with their colours (theme paths). */
export const CHART_STATUSES: ReadonlyArray<{ status: MessageStatus; color: string }> = [
  { status: 'delivered', color: 'success.main' },
  { status: 'sent', color: 'info.main' },
  { status: 'sending', color: 'primary.main' },
  { status: 'queued', color: 'grey.400' },
  { status: 'undelivered', color: 'warning.main' },
  { status: 'failed', color: 'error.main' },
  { status: 'skipped', color: 'grey.500' },
  { status: 'cancelled', color: 'grey.700' },
];

/** Messages no longer waiting: everything but queued and sending. */
export const processed = (counts: CampaignCounts): number => Math.max(0, counts.total - counts.queued - counts.sending);

/** Share of recipients processed, 0-100; null before any recipient exists. */
export const progressOf = (counts: CampaignCounts): number | null => (counts.total > 0 ? Math.min(100, (processed(counts) / counts.total) * 100) : null);

/** A "nice" top for a chart's value axis (1, 2, 5 x 10^n), never below `minimum`. */
export function niceMax(value: number, minimum = 1): number {
  const target = Math.max(value, minimum);
  const power = 10 ** Math.floor(Math.log10(target));
  for (const step of [1, 2, 5, 10]) if (step * power >= target) return step * power;
  return 10 * power;
}

/** The bar heights of a series scaled to `height` pixels against niceMax of its largest value. */
export function scaleBars(values: readonly number[], height: number): { max: number; heights: number[] } {
  const max = niceMax(Math.max(0, ...values));
  return { max, heights: values.map((value) => (value / max) * height) };
}

/** A percentage for display ("97.5 %" in the language's format), or the dash when unknown. */
export function formatPercent(value: number | null, language: string): string {
  return value === null ? '—' : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}
