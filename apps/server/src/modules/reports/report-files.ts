import { maskPhone } from '@sms/contracts/phone-mask';
import type { NonRespondersQuery, RecipientsQuery, ReportCampaignRow, ReportCampaignsQuery, Tag1Group } from '@sms/contracts/reports';
import type { Executor } from '../../db/client.ts';
import type { ExportCell } from '../../platform/csv.ts';
import { keysetBatches, keysetCsvChunks, type ExportSpec } from '../../platform/export-file.ts';
import type { CampaignRow } from '../campaigns/index.ts';
import { recipientName, windowEndsAt } from './reports.presenter.ts';
import { copyCsv } from '../../platform/copy-csv.ts';
import {
  csvBatch,
  csvCopyQuery,
  exportRangeBounds,
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

/**
 * What each report's file holds. Each export is one table of columns, each column declared once:
 * its header, its cell from a row, and, for the recipients' tables, the SQL from which the database
 * writes the same cell into a CSV. The header row, the row mapper and the SQL are read from it.
 */

/** One column of an export file. */
interface ExportColumn<Row> {
  /** A stable identifier in the file's first row, like the contacts export's. */
  header: string;
  value: (row: Row) => ExportCell;
  /** The same cell written by the database (over messages m and contacts c), for the CSV it makes. */
  sql?: CsvColumn;
  /** Kept as plain text in XLSX (E.164 phones: a typed string cell cannot be a formula). */
  plainInXlsx?: true;
}

const headersOf = <Row>(columns: ReadonlyArray<ExportColumn<Row>>) => columns.map((column) => column.header);
const cellsOf =
  <Row>(columns: ReadonlyArray<ExportColumn<Row>>) =>
  (row: Row): ExportCell[] =>
    columns.map((column) => column.value(row));
const plainColumnsOf = <Row>(columns: ReadonlyArray<ExportColumn<Row>>) =>
  columns.flatMap((column, index) => (column.plainInXlsx ? [index] : []));
/** A column of a recipients' table, which the database can write too. */
type RecipientColumn = ExportColumn<RecipientRow> & { sql: CsvColumn };

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

/**
 * CSV lines made by the database, in the same order as recipientBatches: on PostgreSQL COPY
 * streams over ranges of the campaign's rows, two at once (decision 098), on PGlite keyset batches
 * of one text value each.
 */
const csvChunks = (db: Executor, campaignId: string, where: ReturnType<typeof recipientsWhere>, columns: CsvColumn[]) =>
  copyCsv(db, {
    bounds: exportRangeBounds(campaignId),
    range: (from, to) => csvCopyQuery(campaignId, where, columns, from, to),
  }) ?? (() => keysetCsvChunks((after) => csvBatch(db, campaignId, where, columns, after, CSV_BATCH_SIZE), CSV_BATCH_SIZE));
const text = (expression: SQL): CsvColumn => ({ expression, kind: 'text' });
const plain = (expression: SQL): CsvColumn => ({ expression, kind: 'plain' });

/** A recipients' table as a file: rows by keyset batches, and the database's CSV when numbers are whole. */
function recipientTableFile(
  db: Executor,
  campaignId: string,
  where: ReturnType<typeof recipientsWhere>,
  view: PhoneView,
  file: { name: string; sheetName: string; columns: readonly RecipientColumn[] },
): ExportSpec {
  const { columns } = file;
  return {
    name: file.name,
    sheetName: file.sheetName,
    headers: headersOf(columns),
    plainColumns: plainColumnsOf(columns),
    batches: () => recipientBatches(db, campaignId, where, cellsOf(columns)),
    // The database writes whole numbers: a masked file goes through the batches instead.
    ...(view.maskPhones
      ? {}
      : {
          csvChunks: csvChunks(
            db,
            campaignId,
            where,
            columns.map((column) => column.sql),
          ),
        }),
  };
}

const CAMPAIGN_COLUMNS: ReadonlyArray<ExportColumn<ReportCampaignRow>> = [
  { header: 'name', value: (row) => row.name },
  { header: 'status', value: (row) => row.status },
  { header: 'recipients', value: (row) => row.recipients },
  { header: 'sent', value: (row) => row.sent },
  { header: 'delivered', value: (row) => row.delivered },
  { header: 'failed', value: (row) => row.failed },
  { header: 'replied', value: (row) => row.replied },
  { header: 'not_replied', value: (row) => row.notReplied },
  { header: 'opted_out', value: (row) => row.optedOut },
  { header: 'delivered_pct', value: (row) => row.deliveredPct },
  { header: 'replied_pct', value: (row) => row.repliedPct },
  { header: 'launched_at', value: (row) => row.launchedAt },
  { header: 'completed_at', value: (row) => row.completedAt },
  { header: 'created_at', value: (row) => row.createdAt },
];

export function campaignsFile(
  service: ReportsService,
  query: Pick<ReportCampaignsQuery, 'search' | 'status' | 'sort' | 'order'>,
): ExportSpec {
  return {
    name: 'campaigns-report',
    sheetName: 'Campaigns',
    headers: headersOf(CAMPAIGN_COLUMNS),
    batches: async function* () {
      yield* once((await service.allCampaignRows(query)).map(cellsOf(CAMPAIGN_COLUMNS)));
    },
  };
}

/** How a reader sees phone numbers in a file: whole, or masked (viewers: no `readPhone Report`). */
export interface PhoneView {
  maskPhones: boolean;
}

const phoneOf = (view: PhoneView) => (view.maskPhones ? maskPhone : (phone: string) => phone);

/** The columns every recipients' table starts with: who, and what became of their message. */
const recipientColumns = (view: PhoneView): RecipientColumn[] => {
  const phone = phoneOf(view);
  return [
    { header: 'name', value: recipientName, sql: text(NAME_SQL) },
    { header: 'phone', value: (row) => phone(row.phone), sql: text(sql`m.phone`), plainInXlsx: true },
    { header: 'tag1', value: (row) => row.tag1 ?? '', sql: text(sql`m.tag1`) },
    { header: 'status', value: (row) => row.status, sql: plain(sql`m.status`) },
  ];
};

/** The per-recipient table's rows (its filters; the unique index's order). */
export function recipientsFile(
  db: Executor,
  campaign: CampaignRow,
  filter: Omit<RecipientsQuery, 'limit' | 'skip' | 'sort' | 'order'>,
  view: PhoneView,
): ExportSpec {
  const where = recipientsWhere(campaign.id, { ...filter, phoneSearch: !view.maskPhones });
  return recipientTableFile(db, campaign.id, where, view, {
    name: 'delivery-report',
    sheetName: 'Recipients',
    columns: [
      ...recipientColumns(view),
      { header: 'error_code', value: (row) => row.errorCode, sql: text(sql`m.error_code`) },
      { header: 'error_text', value: (row) => row.errorText, sql: text(sql`m.error_text`) },
      { header: 'sent_at', value: (row) => row.sentAt, sql: plain(isoTextSql(sql`m.sent_at`)) },
      { header: 'delivered_at', value: (row) => row.deliveredAt, sql: plain(isoTextSql(sql`m.delivered_at`)) },
      { header: 'replied_at', value: (row) => row.repliedAt, sql: plain(isoTextSql(sql`m.replied_at`)) },
      { header: 'reply_text', value: (row) => row.replyText, sql: text(sql`m.reply_text`) },
      { header: 'reply_word', value: (row) => row.replyWord, sql: text(sql`m.reply_word`) },
    ],
  });
}

/** A tag1 group, or the totals row (tag1 '(total)'). */
type Tag1Line = Omit<Tag1Group, 'tag1'> & { tag1: string };
const replyWords = (list: Array<{ word: string; n: number }>) => list.map((word) => `${word.word} (${word.n})`).join(', ');

const TAG1_COLUMNS: ReadonlyArray<ExportColumn<Tag1Line>> = [
  { header: 'tag1', value: (row) => row.tag1 },
  { header: 'recipients', value: (row) => row.recipients },
  { header: 'delivered', value: (row) => row.delivered },
  { header: 'failed', value: (row) => row.failed },
  { header: 'replied', value: (row) => row.replied },
  { header: 'not_replied', value: (row) => row.notReplied },
  { header: 'opted_out', value: (row) => row.optedOut },
  { header: 'response_rate', value: (row) => row.responseRate },
  { header: 'reply_words', value: (row) => replyWords(row.replyWords) },
  { header: 'other_replies', value: (row) => row.other },
];

export function tag1File(service: ReportsService, campaign: CampaignRow): ExportSpec {
  return {
    name: 'tag1-report',
    sheetName: 'By tag1',
    headers: headersOf(TAG1_COLUMNS),
    batches: async function* () {
      const report = await service.tag1Grouped(campaign);
      yield* once([...report.groups, { ...report.totals, tag1: '(total)' }].map(cellsOf(TAG1_COLUMNS)));
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
  const hours = campaign.replyWindowHours;
  return recipientTableFile(db, campaign.id, where, view, {
    name: 'non-responders',
    sheetName: 'Non-responders',
    columns: [
      ...recipientColumns(view),
      { header: 'sent_at', value: (row) => row.sentAt, sql: plain(isoTextSql(sql`m.sent_at`)) },
      { header: 'delivered_at', value: (row) => row.deliveredAt, sql: plain(isoTextSql(sql`m.delivered_at`)) },
      {
        header: 'window_ends_at',
        value: (row) => windowEndsAt(row.sentAt, hours),
        sql: plain(isoTextSql(sql`m.sent_at + make_interval(hours => ${hours})`)),
      },
      {
        header: 'opted_out',
        value: (row) => (row.contactOptedOut ? 'yes' : 'no'),
        sql: plain(sql`case when c.status = 'opted_out' then 'yes' else 'no' end`),
      },
    ],
  });
}
