import { maskPhone } from '@sms/contracts/phone-mask';
import { REPORT_EXPORT_COLUMNS, type NonRespondersQuery, type RecipientsQuery, type ReportCampaignsQuery } from '@sms/contracts/reports';
import type { Executor } from '../../db/client.ts';
import type { ExportCell } from '../../platform/csv.ts';
import { keysetBatches, keysetCsvChunks, type ExportSpec } from '../../platform/export-file.ts';
import type { CampaignRow } from '../campaigns/index.ts';
import { recipientName, windowEndsAt } from './reports.presenter.ts';
import {
  csvBatch,
  isoTextSql,
  NAME_SQL,
  type CsvColumn,
  nonRespondersWhere,
  recipientsBatch,
  recipientsWhere,
  type RecipientRow,
} from './reports.queries.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { ReportsService } from './reports.service.ts';

/** What each report's file holds: headers and rows, the big ones fetched by keyset batches. */

/** Rows per keyset query: big enough to amortise the round trip, small enough to stream. */
const BATCH_SIZE = 2000;
/** Rows per CSV batch: one text value each, so bigger batches cost nothing per row. */
const CSV_BATCH_SIZE = 5000;

async function* once(rows: ExportCell[][]): AsyncGenerator<ExportCell[][]> {
  if (rows.length > 0) yield rows;
}

const recipientBatches = (
  db: Executor,
  campaignId: string,
  where: ReturnType<typeof recipientsWhere>,
  map: (row: RecipientRow) => ExportCell[],
) =>
  keysetBatches<RecipientRow, string>(
    async (after) => {
      const rows = await recipientsBatch(db, campaignId, where, after, BATCH_SIZE);
      return { rows, cursor: rows[rows.length - 1]?.contactId ?? null };
    },
    map,
    BATCH_SIZE,
  );

/** CSV lines made by the database, in the same keyset order as recipientBatches. */
const csvChunks = (db: Executor, campaignId: string, where: ReturnType<typeof recipientsWhere>, columns: CsvColumn[]) => () =>
  keysetCsvChunks((after) => csvBatch(db, campaignId, where, columns, after, CSV_BATCH_SIZE), CSV_BATCH_SIZE);
const text = (expression: SQL): CsvColumn => ({ expression, kind: 'text' });
const plain = (expression: SQL): CsvColumn => ({ expression, kind: 'plain' });

export function campaignsFile(
  service: ReportsService,
  query: Pick<ReportCampaignsQuery, 'search' | 'status' | 'sort' | 'order'>,
): ExportSpec {
  return {
    name: 'campaigns-report',
    sheetName: 'Campaigns',
    headers: REPORT_EXPORT_COLUMNS.campaigns,
    batches: async function* () {
      const rows = await service.allCampaignRows(query);
      yield* once(
        rows.map((row) => [
          row.name,
          row.status,
          row.recipients,
          row.sent,
          row.delivered,
          row.failed,
          row.replied,
          row.notReplied,
          row.optedOut,
          row.deliveredPct,
          row.repliedPct,
          row.launchedAt,
          row.completedAt,
          row.createdAt,
        ]),
      );
    },
  };
}

/** How a reader sees phone numbers in a file: whole, or masked (viewers: no `readPhone Report`). */
export interface PhoneView {
  maskPhones: boolean;
}

const phoneOf = (view: PhoneView) => (view.maskPhones ? maskPhone : (phone: string) => phone);

/** The per-recipient table's rows (its filters; the unique index's order). */
export function recipientsFile(
  db: Executor,
  campaign: CampaignRow,
  filter: Omit<RecipientsQuery, 'limit' | 'skip' | 'sort' | 'order'>,
  view: PhoneView,
): ExportSpec {
  const where = recipientsWhere(campaign.id, { ...filter, phoneSearch: !view.maskPhones });
  const phone = phoneOf(view);
  return {
    name: 'delivery-report',
    sheetName: 'Recipients',
    headers: REPORT_EXPORT_COLUMNS.recipients,
    plainColumns: [1],
    batches: () =>
      recipientBatches(db, campaign.id, where, (row) => [
        recipientName(row),
        phone(row.phone),
        row.tag1 ?? '',
        row.status,
        row.errorCode,
        row.errorText,
        row.sentAt,
        row.deliveredAt,
        row.repliedAt,
        row.replyText,
        row.replyWord,
      ]),
    // The database writes whole numbers: a masked file goes through the batches instead.
    ...(view.maskPhones
      ? {}
      : {
          csvChunks: csvChunks(db, campaign.id, where, [
            text(NAME_SQL),
            text(sql`m.phone`),
            text(sql`c.tag1`),
            plain(sql`m.status`),
            text(sql`m.error_code`),
            text(sql`m.error_text`),
            plain(isoTextSql(sql`m.sent_at`)),
            plain(isoTextSql(sql`m.delivered_at`)),
            plain(isoTextSql(sql`m.replied_at`)),
            text(sql`m.reply_text`),
            text(sql`m.reply_word`),
          ]),
        }),
  };
}

export function tag1File(service: ReportsService, campaign: CampaignRow): ExportSpec {
  return {
    name: 'tag1-report',
    sheetName: 'By tag1',
    headers: REPORT_EXPORT_COLUMNS.tag1Grouped,
    batches: async function* () {
      const report = await service.tag1Grouped(campaign);
      const words = (list: Array<{ word: string; n: number }>) => list.map((word) => `${word.word} (${word.n})`).join(', ');
      yield* once([
        ...report.groups.map((g) => [
          g.tag1,
          g.recipients,
          g.delivered,
          g.failed,
          g.replied,
          g.notReplied,
          g.responseRate,
          words(g.replyWords),
          g.other,
        ]),
        [
          '(total)',
          report.totals.recipients,
          report.totals.delivered,
          report.totals.failed,
          report.totals.replied,
          report.totals.notReplied,
          report.totals.responseRate,
          words(report.totals.replyWords),
          report.totals.other,
        ],
      ]);
    },
  };
}

export function nonRespondersFile(
  db: Executor,
  campaign: CampaignRow,
  filter: Pick<NonRespondersQuery, 'tag1' | 'search'>,
  view: PhoneView,
): ExportSpec {
  const where = nonRespondersWhere(campaign.id, { ...filter, phoneSearch: !view.maskPhones });
  const phone = phoneOf(view);
  return {
    name: 'non-responders',
    sheetName: 'Non-responders',
    headers: REPORT_EXPORT_COLUMNS.nonResponders,
    plainColumns: [1],
    batches: () =>
      recipientBatches(db, campaign.id, where, (row) => [
        recipientName(row),
        phone(row.phone),
        row.tag1 ?? '',
        row.status,
        row.sentAt,
        row.deliveredAt,
        windowEndsAt(row.sentAt, campaign.replyWindowHours),
        row.contactOptedOut ? 'yes' : 'no',
      ]),
    ...(view.maskPhones
      ? {}
      : {
          csvChunks: csvChunks(db, campaign.id, where, [
            text(NAME_SQL),
            text(sql`m.phone`),
            text(sql`c.tag1`),
            plain(sql`m.status`),
            plain(isoTextSql(sql`m.sent_at`)),
            plain(isoTextSql(sql`m.delivered_at`)),
            plain(isoTextSql(sql`m.sent_at + make_interval(hours => ${campaign.replyWindowHours})`)),
            plain(sql`case when c.status = 'opted_out' then 'yes' else 'no' end`),
          ]),
        }),
  };
}
