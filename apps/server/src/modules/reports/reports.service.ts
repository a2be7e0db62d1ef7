import { CAMPAIGN_LIMITS, type CampaignCounts } from '@sms/contracts/campaigns';
import { MESSAGE_STATUSES, REACHED_STATUSES, type MessageStatus } from '@sms/contracts/messages';
import { replyFigures } from '@sms/contracts/reply-figures';
import {
  percent,
  REPLY_WORDS_PER_GROUP,
  REPORT_ERROR_CODES,
  TIMELINE_BUCKET_MS,
  type DeliverySummary,
  type FollowUpBody,
  type NonRespondersQuery,
  type NonRespondersResponse,
  type RecipientsQuery,
  type ReportCampaignRow,
  type ReportCampaignsQuery,
  type Tag1Group,
  type Tag1Report,
  type TimelineBucket,
} from '@sms/contracts/reports';
import type { Db, Executor } from '../../db/client.ts';
import type { Command } from '../../platform/audit.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import {
  type CampaignRow,
  createCampaign,
  emptyCounts,
  findCampaignRow,
  lastSentMinute,
  readErrorCounts,
  readCampaignCounts,
  readOneCampaignCounts,
  readTag1Cells,
  readTimeline,
  type Tag1Cell,
  type TimelineRow,
} from '../campaigns/index.ts';
import { failedCount, presentCampaignRow, presentHeader, presentNonResponder, presentRecipient } from './reports.presenter.ts';
import {
  countRecipients,
  launchedCampaigns,
  launchedCampaignsAfter,
  nonResponderSentAfter,
  nonRespondersWhere,
  recipientsPage,
  recipientsWhere,
} from './reports.queries.ts';

/** The most points a timeline chart gets; the bucket grows (second, minute, hour, day) until it fits. */
const TIMELINE_POINTS_MAX = 200;
const { second: SECOND, minute: MINUTE, hour: HOUR } = TIMELINE_BUCKET_MS;

/** Loads the campaign a report is about; 404 when there is none. */
export async function loadReportCampaign(db: Executor, id: string): Promise<CampaignRow> {
  const row = await findCampaignRow(db, id);
  if (!row) throw new NotFound('Campaign not found');
  return row;
}

/** The time between a timeline's first and last rows (oldest first). */
const spanOf = (rows: TimelineRow[]): number => (rows.at(-1)?.at.getTime() ?? 0) - (rows[0]?.at.getTime() ?? 0);

/**
 * A campaign's timeline rows at the finest unit its span calls for: per minute, or per second when
 * the minutes span less than TIMELINE_POINTS_MAX seconds (both kept by triggers: decision 089).
 */
export async function campaignTimelineRows(db: Executor, campaignId: string): Promise<{ unit: 'second' | 'minute'; rows: TimelineRow[] }> {
  const minutes = await readTimeline(db, campaignId, 'minute');
  if (minutes.length === 0 || spanOf(minutes) >= TIMELINE_POINTS_MAX * SECOND) return { unit: 'minute', rows: minutes };
  return { unit: 'second', rows: await readTimeline(db, campaignId, 'second') };
}

/**
 * Rows (per `unit`) rolled up into the bucket that keeps the chart at most TIMELINE_POINTS_MAX
 * points: seconds, minutes, hours or days by the span, never finer than the rows.
 */
export function bucketTimeline(
  rows: TimelineRow[],
  unit: 'second' | 'minute' = 'minute',
): { bucket: TimelineBucket; points: TimelineRow[] } {
  const span = spanOf(rows);
  const fits: TimelineBucket =
    span < TIMELINE_POINTS_MAX * SECOND
      ? 'second'
      : span < TIMELINE_POINTS_MAX * MINUTE
        ? 'minute'
        : span < TIMELINE_POINTS_MAX * HOUR
          ? 'hour'
          : 'day';
  const bucket = TIMELINE_BUCKET_MS[fits] < TIMELINE_BUCKET_MS[unit] ? unit : fits;
  if (bucket === unit) return { bucket, points: rows };
  const size = TIMELINE_BUCKET_MS[bucket];
  const points: TimelineRow[] = [];
  for (const row of rows) {
    const at = Math.floor(row.at.getTime() / size) * size;
    const point = points[points.length - 1];
    if (point && point.at.getTime() === at) {
      point.sent += row.sent;
      point.delivered += row.delivered;
      point.failed += row.failed;
    } else {
      points.push({ ...row, at: new Date(at) });
    }
  }
  return { bucket, points };
}

/** A tag1 group's counts by status (and replies, and reply words), added up from its cells. */
interface GroupTally {
  counts: CampaignCounts;
  words: Map<string, number>;
}

const newTally = (): GroupTally => ({ counts: emptyCounts(), words: new Map() });

function addCell(tally: GroupTally, cell: Tag1Cell): void {
  tally.counts[cell.status] += cell.n;
  tally.counts.total += cell.n;
  if (cell.optedOut) tally.counts.optedOut += cell.n;
  if (cell.replied) {
    tally.counts.replied += cell.n;
    if (cell.word) tally.words.set(cell.word, (tally.words.get(cell.word) ?? 0) + cell.n);
  }
}

/** The cells added up per tag1 value, and over all of them. */
function tallyCells(cells: Tag1Cell[]): { groups: Map<string, GroupTally>; totals: GroupTally } {
  const groups = new Map<string, GroupTally>();
  const totals = newTally();
  for (const cell of cells) {
    const tally = groups.get(cell.tag1) ?? newTally();
    groups.set(cell.tag1, tally);
    addCell(tally, cell);
    addCell(totals, cell);
  }
  return { groups, totals };
}

/** A tally as a report row: the reply figures by their one definition, the top reply words, the rest of the replies as `other`. */
function presentTally({ counts, words }: GroupTally): Omit<Tag1Group, 'tag1'> {
  const figures = replyFigures(counts);
  const replyWords = [...words]
    .sort(([a, n], [b, m]) => m - n || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, REPLY_WORDS_PER_GROUP)
    .map(([word, n]) => ({ word, n }));
  return {
    recipients: figures.recipients,
    delivered: counts.delivered,
    failed: failedCount(counts),
    replied: figures.replied,
    notReplied: figures.notReplied,
    responseRate: figures.responseRate,
    optedOut: figures.optedOut,
    replyWords,
    other: figures.replied - replyWords.reduce((sum, word) => sum + word.n, 0),
  };
}

/** The tag1 report's groups (biggest first) and totals from the campaign's cells. */
export function tag1Figures(cells: Tag1Cell[]): Pick<Tag1Report, 'groups' | 'totals'> {
  const { groups, totals } = tallyCells(cells);
  return {
    groups: [...groups]
      .map(([tag1, tally]) => ({ tag1, ...presentTally(tally) }))
      .sort((a, b) => b.recipients - a.recipients || (a.tag1 < b.tag1 ? -1 : a.tag1 > b.tag1 ? 1 : 0)),
    totals: presentTally(totals),
  };
}

/** Non-responders per tag1 value (those with some), biggest first: the groups' "not replied", by the one definition (replyFigures). */
export function nonResponderCounts(cells: Tag1Cell[]): Array<{ tag1: string; n: number }> {
  return [...tallyCells(cells).groups]
    .map(([tag1, tally]) => ({ tag1, n: replyFigures(tally.counts).notReplied }))
    .filter(({ n }) => n > 0)
    .sort((a, b) => b.n - a.n || (a.tag1 < b.tag1 ? -1 : a.tag1 > b.tag1 ? 1 : 0));
}

/** Cells of non-responders (what nonRespondersWhere selects): reached, no reply. */
const isNonResponderCell = (cell: Tag1Cell) => (REACHED_STATUSES as readonly MessageStatus[]).includes(cell.status) && !cell.replied;

/** Sorts by a figure, biggest first for 'desc'; ties newest launch first. */
function sortRows(rows: ReportCampaignRow[], sort: ReportCampaignsQuery['sort'], order: 'asc' | 'desc'): ReportCampaignRow[] {
  const value = (row: ReportCampaignRow): number => {
    switch (sort) {
      case 'recipients':
        return row.recipients;
      case 'deliveredPct':
        return row.deliveredPct;
      case 'repliedPct':
        return row.repliedPct;
      case 'failed':
        return row.failed;
      default:
        return row.optedOut;
    }
  };
  const sign = order === 'asc' ? 1 : -1;
  const launched = (row: ReportCampaignRow) => row.launchedAt ?? '';
  return rows.sort(
    (a, b) =>
      sign * (value(a) - value(b)) || (launched(b) < launched(a) ? -1 : launched(b) > launched(a) ? 1 : 0) || (a.id < b.id ? -1 : 1),
  );
}

/**
 * Whether a non-responder among `cells` (of the chosen tag1 values) may still reply: the latest
 * sent minute bounds every sent_at from above, so a window closed for it is closed for all; else
 * one index probe finds a non-responder sent within the window.
 */
async function replyWindowOpen(db: Executor, campaign: CampaignRow, tag1: string[] | undefined, cells: Tag1Cell[]): Promise<boolean> {
  if (!cells.some(isNonResponderCell)) return false;
  const windowMs = campaign.replyWindowHours * HOUR;
  const last = await lastSentMinute(db, campaign.id);
  if (last === null || last.getTime() + MINUTE + windowMs <= Date.now()) return false;
  return nonResponderSentAfter(db, campaign.id, tag1, new Date(Date.now() - windowMs));
}

/** The reports: every whole-campaign figure from the counters and the aggregates kept with them (no scan, no cache). */
export function createReportsService(db: Db) {
  /** Every launched campaign of the filter with its figures, sorted (for figure sorts and the export). */
  async function allCampaignRows(query: Pick<ReportCampaignsQuery, 'search' | 'status' | 'sort' | 'order'>): Promise<ReportCampaignRow[]> {
    const columnSort = query.sort === 'name' || query.sort === 'launchedAt';
    const { search, status } = query;
    const { rows } = await launchedCampaigns(
      db,
      columnSort ? { search, status, sort: query.sort as 'name' | 'launchedAt', order: query.order } : { search, status },
    );
    const ids = rows.map((row) => row.id);
    const counts = await readCampaignCounts(db, ids);
    const present = rows.map((row) => presentCampaignRow(row, counts.get(row.id) ?? emptyCounts()));
    return columnSort ? present : sortRows(present, query.sort, query.order);
  }

  return {
    allCampaignRows,

    /** A page of launched campaigns for the integration API: rows and figures as the overview presents them. */
    async campaignsAfter(after: { createdAt: string; id: string } | undefined, limit: number) {
      const rows = await launchedCampaignsAfter(db, after, limit);
      const ids = rows.map((row) => row.id);
      const counts = await readCampaignCounts(db, ids);
      return rows.map((row) => ({
        row: presentCampaignRow(row, counts.get(row.id) ?? emptyCounts()),
        createdAt: row.createdAt,
      }));
    },

    async campaigns(query: ReportCampaignsQuery): Promise<{ data: ReportCampaignRow[]; total: number }> {
      if (query.sort === 'name' || query.sort === 'launchedAt') {
        const { rows, total } = await launchedCampaigns(db, { ...query, sort: query.sort }, query);
        const ids = rows.map((row) => row.id);
        const counts = await readCampaignCounts(db, ids);
        return { data: rows.map((row) => presentCampaignRow(row, counts.get(row.id) ?? emptyCounts())), total };
      }
      // Figure sorts rank every launched campaign (their counters are one small table).
      const all = await allCampaignRows(query);
      return { data: all.slice(query.skip, query.skip + query.limit), total: all.length };
    },

    async delivery(campaign: CampaignRow): Promise<DeliverySummary> {
      const [counts, timeline, errors] = await Promise.all([
        readOneCampaignCounts(db, campaign.id),
        campaignTimelineRows(db, campaign.id),
        readErrorCounts(db, campaign.id),
      ]);
      const { bucket, points } = bucketTimeline(timeline.rows, timeline.unit);
      const figures = replyFigures(counts);
      return {
        campaign: presentHeader(campaign),
        recipients: figures.recipients,
        byStatus: MESSAGE_STATUSES.map((status) => ({ status, n: counts[status], pct: percent(counts[status], counts.total) })),
        replied: figures.replied,
        repliedPct: figures.responseRate,
        optedOut: figures.optedOut,
        bucket,
        timeline: points.map((point) => ({
          at: point.at.toISOString(),
          sent: point.sent,
          delivered: point.delivered,
          failed: point.failed,
        })),
        errors,
      };
    },

    async recipients(campaign: CampaignRow, query: RecipientsQuery & { phoneSearch?: boolean }) {
      const where = recipientsWhere(campaign.id, query);
      const rows = await recipientsPage(db, where, query.sort, query.order, query);
      return { data: rows.map(presentRecipient), total: await this.recipientsTotal(campaign, query, where) };
    },

    /** The table's total: from the counters when the filter is only statuses or replies, else counted. */
    async recipientsTotal(campaign: CampaignRow, query: RecipientsQuery, where: ReturnType<typeof recipientsWhere>): Promise<number> {
      const other = query.errorCode !== undefined || query.tag1 !== undefined || query.replyWord !== undefined || Boolean(query.search);
      if (!other && (!query.replied || !query.status?.length)) {
        const counts = await readOneCampaignCounts(db, campaign.id);
        if (query.replied === 'yes') return counts.replied;
        if (query.replied === 'no') return counts.total - counts.replied;
        return query.status?.length ? [...new Set(query.status)].reduce((sum, status) => sum + counts[status], 0) : counts.total;
      }
      return countRecipients(db, where);
    },

    async tag1Grouped(campaign: CampaignRow): Promise<Tag1Report> {
      return { campaign: presentHeader(campaign), ...tag1Figures(await readTag1Cells(db, campaign.id)) };
    },

    async nonResponders(campaign: CampaignRow, query: NonRespondersQuery & { phoneSearch?: boolean }): Promise<NonRespondersResponse> {
      const cells = await readTag1Cells(db, campaign.id);
      const counts = nonResponderCounts(cells);
      const chosen = query.tag1?.length ? new Set(query.tag1) : undefined;
      const inScope = (tag1: string) => !chosen || chosen.has(tag1);
      const where = nonRespondersWhere(campaign.id, query);
      const rows = await recipientsPage(db, where, query.sort, query.order, query);
      const total = query.search ? await countRecipients(db, where) : counts.reduce((sum, { tag1, n }) => sum + (inScope(tag1) ? n : 0), 0);
      const windowOpen = await replyWindowOpen(
        db,
        campaign,
        query.tag1?.length ? query.tag1 : undefined,
        cells.filter((cell) => inScope(cell.tag1)),
      );
      return {
        data: rows.map((row) => presentNonResponder(row, campaign.replyWindowHours)),
        total,
        windowOpen,
        tag1Counts: counts,
      };
    },

    /** A draft re-sending the campaign's text to its non-responders (optionally some tag1 values). */
    async followUp(source: CampaignRow, body: FollowUpBody, command: Command): Promise<CampaignRow> {
      // A campaign that has not started sending (no launched_at: decision 084) has no one to follow up.
      if (source.launchedAt === null) {
        throw new Conflict('This campaign has not been sent, so it has no non-responders yet', { code: REPORT_ERROR_CODES.notSent });
      }
      const tag1 = body.tag1?.length ? [...new Set(body.tag1)] : undefined;
      const name = body.name ?? `Follow-up: ${source.name}`.slice(0, CAMPAIGN_LIMITS.nameMax).trim();
      return createCampaign(db, {
        ...command,
        followUpOf: source.id,
        body: {
          name,
          body: source.body,
          senderId: source.senderId,
          gatewayId: source.gatewayId,
          audience: { type: 'non_responders', campaignId: source.id, ...(tag1 ? { tag1 } : {}) },
          scheduledLocal: null,
          timeZone: source.timeZone,
          rateLimit: source.rateLimit,
          replyWindowHours: source.replyWindowHours,
          quietHours: source.quietHours,
          validityHours: source.validityHours,
        },
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
