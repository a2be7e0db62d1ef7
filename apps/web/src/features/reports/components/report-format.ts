import { REACHED_STATUSES, type MessageStatus } from '@sms/contracts/message-statuses';
import { NO_TAG1, TIMELINE_BUCKET_MS } from '@sms/contracts/report-fields';
import type { ReportCampaignRow, Tag1Group, TimelineBucket } from '@sms/contracts/reports';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** A whole number in the interface language, Latin digits in all (1,234 / 1 234; decision 044). */
export const formatCount = (value: number, language: string): string => new Intl.NumberFormat(intlLocale(language)).format(value);

/** A report percentage (0..100, one decimal) in the interface language: 42.5 -> "42.5%" / "42,5 %". */
export const formatPercent = (value: number, language: string): string =>
  new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);

/** How a tag1 group is named: the value itself, or `noneLabel` ('(none)') for contacts without one. */
export const tag1Label = (tag1: string | null | undefined, noneLabel: string): string =>
  tag1 === null || tag1 === undefined || tag1 === NO_TAG1 ? noneLabel : tag1;

/** The reply words of a group as one line: "YES 120 · NO 14 · other 9"; empty when nobody replied. */
export function formatWordsBreakdown(
  group: Pick<Tag1Group, 'replyWords' | 'other'>,
  format: (value: number) => string,
  otherLabel: string,
): string {
  const parts = group.replyWords.filter((word) => word.n > 0).map((word) => `${word.word} ${format(word.n)}`);
  if (group.other > 0) parts.push(`${otherLabel} ${format(group.other)}`);
  return parts.join(' · ');
}

/** Series ids of the tag1 chart that are not reply words. */
export const OTHER_SERIES = '__other';
export const NOT_REPLIED_SERIES = '__notReplied';

export interface StackedSeries {
  /** A reply word, OTHER_SERIES or NOT_REPLIED_SERIES. */
  id: string;
  data: number[];
}

/**
 * The stacked bars of the tag1 report: one bar per group, stacked by reply word, then the other
 * replies, then those who did not reply. Only the `maxWords` most frequent words overall get a
 * colour of their own; a group's replies with any other word join its "other" part, so every bar
 * still adds up to the group's recipients who were reached (replied + not replied).
 */
export function buildTag1Stacks(groups: Tag1Group[], maxWords = 6): { categories: string[]; series: StackedSeries[] } {
  const totals = new Map<string, number>();
  for (const group of groups) for (const { word, n } of group.replyWords) totals.set(word, (totals.get(word) ?? 0) + n);
  const words = [...totals.entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, maxWords)
    .map(([word]) => word);
  const shown = new Set(words);
  const series: StackedSeries[] = words.map((word) => ({
    id: word,
    data: groups.map((group) => group.replyWords.find((w) => w.word === word)?.n ?? 0),
  }));
  const other = groups.map((group) => group.other + group.replyWords.filter((w) => !shown.has(w.word)).reduce((sum, w) => sum + w.n, 0));
  if (other.some((n) => n > 0)) series.push({ id: OTHER_SERIES, data: other });
  series.push({ id: NOT_REPLIED_SERIES, data: groups.map((group) => group.notReplied) });
  return { categories: groups.map((group) => group.tag1), series };
}

/** Beyond this many buckets the gaps are left unfilled (the server keeps charts far below it). */
const FILLED_POINTS_MAX = 5000;

/** The time series of the delivery chart: dates and the three counts, oldest first, one point per bucket. */
export function buildTimeline(
  timeline: Array<{ at: string; sent: number; delivered: number; failed: number }>,
  bucket: TimelineBucket,
): {
  dates: Date[];
  sent: number[];
  delivered: number[];
  failed: number[];
} {
  const points = timeline.map((point) => ({ ...point, date: new Date(point.at) })).filter((point) => !Number.isNaN(point.date.getTime()));
  points.sort((a, b) => a.date.getTime() - b.date.getTime());
  const line = { dates: [] as Date[], sent: [] as number[], delivered: [] as number[], failed: [] as number[] };
  const add = (date: Date, sent: number, delivered: number, failed: number) => {
    line.dates.push(date);
    line.sent.push(sent);
    line.delivered.push(delivered);
    line.failed.push(failed);
  };
  const size = TIMELINE_BUCKET_MS[bucket];
  const span = points.length ? (points[points.length - 1]!.date.getTime() - points[0]!.date.getTime()) / size : 0;
  const fill = span < FILLED_POINTS_MAX;
  for (const point of points) {
    const previous = line.dates[line.dates.length - 1]?.getTime();
    // Buckets without activity are absent from the report: a zero each, so the line drops to 0
    // instead of joining its neighbours across the gap.
    if (fill && previous !== undefined) {
      for (let at = previous + size; at < point.date.getTime(); at += size) add(new Date(at), 0, 0, 0);
    }
    add(point.date, point.sent, point.delivered, point.failed);
  }
  return line;
}

/** How a timeline bucket start is labelled: the day alone for daily buckets, else date and time (to the second for seconds). */
export function formatBucket(date: Date, bucket: TimelineBucket, language: string): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === 'day'
      ? { dateStyle: 'medium' }
      : bucket === 'hour'
        ? { month: 'short', day: 'numeric', hour: 'numeric' }
        : bucket === 'second'
          ? { hour: 'numeric', minute: '2-digit', second: '2-digit' }
          : { hour: 'numeric', minute: '2-digit' };
  return new Intl.DateTimeFormat(intlLocale(language), options).format(date);
}

/** Whether a campaign's figures may still move (the screens then refresh on their own). */
export const isLive = (status: ReportCampaignRow['status']): boolean =>
  status === 'sending' || status === 'paused' || status === 'scheduled';

/** The cells of the tag1 table that open the recipients behind them. */
export type Tag1Cell = 'recipients' | 'delivered' | 'failed' | 'replied' | 'notReplied' | 'word';

/** The recipients filter behind one tag1 cell (GET /api/reports/delivery/{id}/recipients). */
export interface DrillDown {
  tag1: string;
  status?: MessageStatus[];
  replied?: 'yes' | 'no';
  replyWord?: string;
}

export function drillDownFilter(tag1: string, cell: Tag1Cell, word?: string): DrillDown {
  switch (cell) {
    case 'delivered':
      return { tag1, status: ['delivered'] };
    case 'failed':
      return { tag1, status: ['failed', 'undelivered'] };
    case 'replied':
      return { tag1, replied: 'yes' };
    case 'notReplied':
      // The non-responders: reached (sent, delivered or unknown: reply-figures.ts) and no reply.
      return { tag1, status: [...REACHED_STATUSES], replied: 'no' };
    case 'word':
      return word ? { tag1, replied: 'yes', replyWord: word } : { tag1, replied: 'yes' };
    default:
      return { tag1 };
  }
}

/** The drill-down of a bar in the tag1 chart: a word's replies, all replies for "other", or the silent ones. */
export function drillDownForSeries(tag1: string, seriesId: string): DrillDown {
  if (seriesId === NOT_REPLIED_SERIES) return drillDownFilter(tag1, 'notReplied');
  if (seriesId === OTHER_SERIES) return drillDownFilter(tag1, 'replied');
  return drillDownFilter(tag1, 'word', seriesId);
}
