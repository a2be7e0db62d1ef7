import { REPORT_EXPORT_COLUMNS, type NonRespondersQuery, type RecipientsQuery, type ReportCampaignsQuery } from '@sms/contracts/reports';
import type { Executor } from '../../db/client.ts';
import type { CampaignRow } from '../campaigns/campaigns.queries.ts';
import type { ReportExportSpec, ReportCell } from './reports-export.ts';
import { keysetBatches } from './reports-export.ts';
import { recipientName, windowEndsAt } from './reports.presenter.ts';
import { nonRespondersWhere, recipientsBatch, recipientsWhere, type RecipientRow } from './reports.queries.ts';
import type { ReportsService } from './reports.service.ts';

/** What each report's file holds: headers and rows, the big ones fetched by keyset batches. */

/** Rows per keyset query: big enough to amortise the round trip, small enough to stream. */
const BATCH_SIZE = 2000;

const iso = (value: Date | null) => value?.toISOString() ?? '';

async function* once(rows: ReportCell[][]): AsyncGenerator<ReportCell[][]> {
  if (rows.length > 0) yield rows;
}

const recipientBatches = (db: Executor, campaignId: string, where: ReturnType<typeof recipientsWhere>, map: (row: RecipientRow) => ReportCell[]) =>
  keysetBatches<RecipientRow, string>(
    async (after) => {
      const rows = await recipientsBatch(db, campaignId, where, after, BATCH_SIZE);
      return { rows, cursor: rows[rows.length - 1]?.contactId ?? null };
    },
    map,
    BATCH_SIZE,
  );

export function campaignsFile(service: ReportsService, query: Pick<ReportCampaignsQuery, 'search' | 'status' | 'sort' | 'order'>): ReportExportSpec {
  return {
    name: 'campaigns-report',
    sheetName: 'Campaigns',
    headers: REPORT_EXPORT_COLUMNS.campaigns,
    batches: async function* () {
      const rows = await service.allCampaignRows(query);
      yield* once(
        rows.map((row) => [row.name, row.status, row.recipients, row.sent, row.delivered, row.failed, row.replied, row.optedOut, row.deliveredPct, row.repliedPct, row.launchedAt, row.completedAt, row.createdAt]),
      );
    },
  };
}

/** The per-recipient table's rows (its filters; the unique index's order). */
export function recipientsFile(db: Executor, campaign: CampaignRow, filter: Omit<RecipientsQuery, 'limit' | 'skip' | 'sort' | 'order'>): ReportExportSpec {
  const where = recipientsWhere(campaign.id, filter);
  return {
    name: 'delivery-report',
    sheetName: 'Recipients',
    headers: REPORT_EXPORT_COLUMNS.recipients,
    plainColumns: [1],
    batches: () =>
      recipientBatches(db, campaign.id, where, (row) => [
        recipientName(row),
        row.phone,
        row.tag1 ?? '',
        row.status,
        row.errorCode,
        row.errorText,
        iso(row.sentAt),
        iso(row.deliveredAt),
        iso(row.repliedAt),
        row.replyText,
        row.replyWord,
      ]),
  };
}

export function tag1File(service: ReportsService, campaign: CampaignRow): ReportExportSpec {
  return {
    name: 'tag1-report',
    sheetName: 'By tag1',
    headers: REPORT_EXPORT_COLUMNS.tag1Grouped,
    batches: async function* () {
      const report = await service.tag1Grouped(campaign);
      const words = (list: Array<{ word: string; n: number }>) => list.map((word) => `${word.word} (${word.n})`).join(', ');
      yield* once([
        ...report.groups.map((g) => [g.tag1, g.recipients, g.delivered, g.failed, g.replied, g.notReplied, g.responseRate, words(g.replyWords), g.other]),
        ['(total)', report.totals.recipients, report.totals.delivered, report.totals.failed, report.totals.replied, report.totals.notReplied, report.totals.responseRate, words(report.totals.replyWords), report.totals.other],
      ]);
    },
  };
}

export function nonRespondersFile(db: Executor, campaign: CampaignRow, filter: Pick<NonRespondersQuery, 'tag1' | 'search'>): ReportExportSpec {
  const where = nonRespondersWhere(campaign.id, filter);
  return {
    name: 'non-responders',
    sheetName: 'Non-responders',
    headers: REPORT_EXPORT_COLUMNS.nonResponders,
    plainColumns: [1],
    batches: () =>
      recipientBatches(db, campaign.id, where, (row) => [
        recipientName(row),
        row.phone,
        row.tag1 ?? '',
        row.status,
        iso(row.sentAt),
        iso(row.deliveredAt),
        iso(windowEndsAt(row.sentAt, campaign.replyWindowHours)),
        row.contactOptedOut ? 'yes' : 'no',
      ]),
  };
}
