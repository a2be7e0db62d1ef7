import type { Tag1Group } from '@sms/contracts/reports';
import { describe, expect, it } from 'vitest';
import {
  buildTag1Stacks,
  buildTimeline,
  drillDownFilter,
  drillDownForSeries,
  formatBucket,
  formatCount,
  formatPercent,
  formatWordsBreakdown,
  NOT_REPLIED_SERIES,
  OTHER_SERIES,
  tag1Label,
} from './report-format';

const group = (tag1: string, replyWords: Array<[string, number]>, other: number, notReplied: number): Tag1Group => {
  const replied = replyWords.reduce((sum, [, n]) => sum + n, 0) + other;
  return {
    tag1,
    recipients: replied + notReplied,
    delivered: replied + notReplied,
    failed: 0,
    replied,
    notReplied,
    responseRate: 0,
    optedOut: 0,
    replyWords: replyWords.map(([word, n]) => ({ word, n })),
    other,
  };
};

describe('report numbers', () => {
  it('formats counts and percentages in the interface language', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatPercent(42.5, 'en')).toBe('42.5%');
    expect(formatPercent(100, 'en')).toBe('100%');
    expect(formatPercent(0, 'en')).toBe('0%');
    // French: decimal comma and a (narrow) space before the percent sign.
    expect(formatPercent(42.5, 'fr').replace(/\s/g, ' ')).toBe('42,5 %');
    // Latin digits in Arabic too (decision 044), whatever the ICU data's default for 'ar'.
    expect(formatCount(1234, 'ar')).toBe(new Intl.NumberFormat('ar-u-nu-latn').format(1234));
    expect(formatCount(1234, 'ar')).toMatch(/^1.234$/);
  });

  it("names groups without tag1 '(none)'", () => {
    expect(tag1Label('', '(none)')).toBe('(none)');
    expect(tag1Label(null, '(none)')).toBe('(none)');
    expect(tag1Label('north', '(none)')).toBe('north');
  });
});

describe('reply words breakdown', () => {
  const format = (n: number) => formatCount(n, 'en');
  it('lists the words then the other replies', () => {
    expect(
      formatWordsBreakdown(
        group(
          'a',
          [
            ['YES', 120],
            ['NO', 14],
          ],
          9,
          0,
        ),
        format,
        'other',
      ),
    ).toBe('YES 120 · NO 14 · other 9');
    expect(formatWordsBreakdown(group('a', [['YES', 1200]], 0, 3), format, 'other')).toBe('YES 1,200');
  });
  it('is empty when nobody replied', () => {
    expect(formatWordsBreakdown(group('a', [], 0, 5), format, 'other')).toBe('');
  });
});

describe('tag1 chart stacks', () => {
  it('stacks the most frequent words, other replies and the silent ones per group', () => {
    const groups = [
      group(
        'north',
        [
          ['YES', 5],
          ['NO', 2],
          ['MAYBE', 1],
        ],
        1,
        3,
      ),
      group('', [['NO', 4]], 0, 7),
    ];
    const { categories, series } = buildTag1Stacks(groups, 2);
    expect(categories).toEqual(['north', '']);
    expect(series.map((s) => s.id)).toEqual(['NO', 'YES', OTHER_SERIES, NOT_REPLIED_SERIES]);
    expect(series.find((s) => s.id === 'YES')?.data).toEqual([5, 0]);
    expect(series.find((s) => s.id === 'NO')?.data).toEqual([2, 4]);
    // MAYBE is not among the two most frequent words: it joins north's other replies.
    expect(series.find((s) => s.id === OTHER_SERIES)?.data).toEqual([2, 0]);
    expect(series.find((s) => s.id === NOT_REPLIED_SERIES)?.data).toEqual([3, 7]);
    // Every bar adds up to replied + not replied.
    groups.forEach((g, index) => expect(series.reduce((sum, s) => sum + (s.data[index] ?? 0), 0)).toBe(g.replied + g.notReplied));
  });
  it('leaves out the other series when there is nothing in it', () => {
    const { series } = buildTag1Stacks([group('a', [['YES', 1]], 0, 1)]);
    expect(series.map((s) => s.id)).toEqual(['YES', NOT_REPLIED_SERIES]);
  });
  it('has only the silent bar when nobody replied, and nothing for no groups', () => {
    expect(buildTag1Stacks([group('a', [], 0, 4)]).series).toEqual([{ id: NOT_REPLIED_SERIES, data: [4] }]);
    expect(buildTag1Stacks([])).toEqual({ categories: [], series: [{ id: NOT_REPLIED_SERIES, data: [] }] });
  });
});

describe('delivery timeline', () => {
  it('orders points by time and drops unreadable ones', () => {
    const line = buildTimeline(
      [
        { at: '2026-01-01T10:01:00Z', sent: 2, delivered: 1, failed: 0 },
        { at: 'nonsense', sent: 9, delivered: 9, failed: 9 },
        { at: '2026-01-01T10:00:00Z', sent: 5, delivered: 4, failed: 1 },
      ],
      'minute',
    );
    expect(line.dates.map((d) => d.toISOString())).toEqual(['2026-01-01T10:00:00.000Z', '2026-01-01T10:01:00.000Z']);
    expect(line.sent).toEqual([5, 2]);
    expect(line.delivered).toEqual([4, 1]);
    expect(line.failed).toEqual([1, 0]);
  });
  it('gives every bucket between the first and the last a point, zero when it had no activity', () => {
    const line = buildTimeline(
      [
        { at: '2026-01-01T13:00:00Z', sent: 1, delivered: 0, failed: 1 },
        { at: '2026-01-01T10:00:00Z', sent: 3, delivered: 3, failed: 0 },
        { at: '2026-01-01T11:00:00Z', sent: 2, delivered: 2, failed: 0 },
      ],
      'hour',
    );
    expect(line.dates.map((d) => d.toISOString().slice(11, 16))).toEqual(['10:00', '11:00', '12:00', '13:00']);
    expect(line.sent).toEqual([3, 2, 0, 1]);
    expect(line.delivered).toEqual([3, 2, 0, 0]);
    expect(line.failed).toEqual([0, 0, 0, 1]);
    const days = buildTimeline(
      [
        { at: '2026-01-01T00:00:00Z', sent: 1, delivered: 1, failed: 0 },
        { at: '2026-01-04T00:00:00Z', sent: 1, delivered: 1, failed: 0 },
      ],
      'day',
    );
    expect(days.sent).toEqual([1, 0, 0, 1]);
    expect(buildTimeline([], 'minute').dates).toEqual([]);
  });
  it('labels buckets by their size', () => {
    const date = new Date(2026, 0, 2, 15, 30);
    expect(formatBucket(date, 'day', 'en')).toBe('Jan 2, 2026');
    expect(formatBucket(date, 'minute', 'en')).toBe('3:30 PM');
    expect(formatBucket(new Date(2026, 0, 2, 15, 30, 7), 'second', 'en')).toBe('3:30:07 PM');
    expect(formatBucket(date, 'hour', 'en')).toMatch(/Jan 2.*3 PM/);
  });
});

describe('drill-down filters', () => {
  it('maps each cell to the recipients behind it', () => {
    expect(drillDownFilter('north', 'recipients')).toEqual({ tag1: 'north' });
    expect(drillDownFilter('north', 'delivered')).toEqual({ tag1: 'north', status: ['delivered'] });
    expect(drillDownFilter('', 'failed')).toEqual({ tag1: '', status: ['failed', 'undelivered'] });
    expect(drillDownFilter('north', 'replied')).toEqual({ tag1: 'north', replied: 'yes' });
    expect(drillDownFilter('north', 'notReplied')).toEqual({ tag1: 'north', status: ['sent', 'delivered', 'unknown'], replied: 'no' });
    expect(drillDownFilter('north', 'word', 'YES')).toEqual({ tag1: 'north', replied: 'yes', replyWord: 'YES' });
  });
  it('maps chart bars the same way', () => {
    expect(drillDownForSeries('a', 'NO')).toEqual({ tag1: 'a', replied: 'yes', replyWord: 'NO' });
    expect(drillDownForSeries('a', OTHER_SERIES)).toEqual({ tag1: 'a', replied: 'yes' });
    expect(drillDownForSeries('a', NOT_REPLIED_SERIES)).toEqual({ tag1: 'a', status: ['sent', 'delivered', 'unknown'], replied: 'no' });
  });
});
