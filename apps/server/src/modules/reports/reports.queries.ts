import type { CampaignStatus } from '@sms/contracts/campaigns';
import { REACHED_STATUSES, type MessageStatus } from '@sms/contracts/messages';
import type { NonRespondersQuery, RecipientsQuery, ReportCampaignsQuery } from '@sms/contracts/reports';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { csvCellSql, csvNeutralisedSql } from '../../platform/csv-sql.ts';

/**
 * Named SQL of the reports. Everything reads the campaign's message rows (with the tag1 the message
 * took from its contact at fan-out, decision 089, and the contact's current name), so the reports
 * agree with the counters and the aggregates.
 * Per-recipient pages and exports walk the unique (campaign_id, contact_id) index in order, so a
 * page or an export batch costs the same at row 10 and at row 1,000,000.
 */

const toDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

// ---------------------------------------------------------------------------------------------
// Campaigns
// ---------------------------------------------------------------------------------------------

export interface ReportCampaignBase {
  id: string;
  name: string;
  status: CampaignStatus;
  launchedAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
}

/** Campaigns that started sending (launched_at is stamped then: decision 084), matching search and status. */
function launchedCampaignsWhere(query: Pick<ReportCampaignsQuery, 'search' | 'status'>): SQL {
  const parts = [sql`launched_at is not null`];
  if (query.search) parts.push(sql`lower(name) like ${`%${escapeLike(query.search.toLowerCase())}%`}`);
  if (query.status) parts.push(sql`status = ${query.status}`);
  return sql.join(parts, sql` and `);
}

const CAMPAIGN_ORDER = {
  name: sql`lower(name)`,
  launchedAt: sql`launched_at`,
} as const;

type CampaignRowRaw = {
  id: string;
  name: string;
  status: CampaignStatus;
  launched_at: string | Date | null;
  completed_at: string | Date | null;
  created_at: string | Date;
};
const campaignBase = (row: CampaignRowRaw): ReportCampaignBase => ({
  id: row.id,
  name: row.name,
  status: row.status,
  launchedAt: toDate(row.launched_at),
  completedAt: toDate(row.completed_at),
  createdAt: new Date(row.created_at),
});

/**
 * Launched campaigns (those that started sending) matching search and status. With `page` and a
 * column sort, SQL pages them; without (figure sorts, exports) all of them come back, newest first.
 */
export async function launchedCampaigns(
  db: Executor,
  query: Pick<ReportCampaignsQuery, 'search' | 'status'> & { sort?: 'name' | 'launchedAt'; order?: 'asc' | 'desc' },
  page?: { limit: number; skip: number },
): Promise<{ rows: ReportCampaignBase[]; total: number }> {
  const where = launchedCampaignsWhere(query);
  const column = CAMPAIGN_ORDER[query.sort ?? 'launchedAt'];
  const direction = query.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  const paging = page ? sql`limit ${page.limit} offset ${page.skip}` : sql``;
  const rows = await queryRows<CampaignRowRaw>(
    db,
    sql`select id, name, status, launched_at, completed_at, created_at from campaigns where ${where}
        order by ${column} ${direction}, created_at ${query.order === 'asc' ? sql`asc` : sql`desc`}, id ${paging}`,
  );
  const total = page
    ? Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from campaigns where ${where}`))[0]?.n ?? 0)
    : rows.length;
  return { rows: rows.map(campaignBase), total };
}

/** Launched campaigns newest created first, after a keyset position (integration API pages). */
export async function launchedCampaignsAfter(
  db: Executor,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<ReportCampaignBase[]> {
  const rows = await queryRows<CampaignRowRaw>(
    db,
    sql`select id, name, status, launched_at, completed_at, created_at from campaigns
        where ${launchedCampaignsWhere({})} ${after ? sql`and (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
        order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map(campaignBase);
}

// ---------------------------------------------------------------------------------------------
// Whole-campaign figures (the tag1 cells and the timeline are kept by triggers: campaigns/report-aggregates.queries.ts)
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Per-recipient rows (table, non-responders, exports)
// ---------------------------------------------------------------------------------------------

export interface RecipientRow {
  messageId: number;
  contactId: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string;
  tag1: string | null;
  status: MessageStatus;
  errorCode: string | null;
  errorText: string | null;
  /** ISO 8601 (UTC, milliseconds), as the API shows times. */
  sentAt: string | null;
  deliveredAt: string | null;
  repliedAt: string | null;
  replyText: string | null;
  replyWord: string | null;
  contactOptedOut: boolean;
}

type RecipientRaw = {
  id: string | number;
  contact_id: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string;
  tag1: string | null;
  status: MessageStatus;
  error_code: string | null;
  error_text: string | null;
  sent_at: string | null;
  delivered_at: string | null;
  replied_at: string | null;
  reply_text: string | null;
  reply_word: string | null;
  opted_out: boolean | null;
};

/** A timestamp as the API's ISO text, made by the database (parsing a Date per cell costs an export more than the query). */
const isoText = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const RECIPIENT_COLUMNS = sql`m.id, m.contact_id, c.first_name, c.last_name, m.phone, nullif(m.tag1, '') as tag1, m.status, m.error_code, m.error_text,
  ${isoText('m.sent_at')} as sent_at, ${isoText('m.delivered_at')} as delivered_at, ${isoText('m.replied_at')} as replied_at,
  m.reply_text, m.reply_word, c.status = 'opted_out' as opted_out`;

const recipientRow = (row: RecipientRaw): RecipientRow => ({
  messageId: Number(row.id),
  contactId: row.contact_id,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  tag1: row.tag1,
  status: row.status,
  errorCode: row.error_code,
  errorText: row.error_text,
  sentAt: row.sent_at,
  deliveredAt: row.delivered_at,
  repliedAt: row.replied_at,
  replyText: row.reply_text,
  replyWord: row.reply_word,
  contactOptedOut: row.opted_out === true,
});

const NAME = sql`lower(concat_ws(' ', c.first_name, c.last_name))`;

/**
 * Name contains the search text (case-insensitive), or, when the text looks like a phone number
 * (digits, spaces, + - ( ) only), the phone contains its digits -- not for readers who see phone
 * numbers masked (`byPhone` false: a search would tell them whole numbers).
 */
function searchWhere(search: string | undefined, byPhone = true): SQL | undefined {
  if (!search) return undefined;
  const byName = sql`${NAME} like ${`%${escapeLike(search.toLowerCase())}%`}`;
  const digits = search.replace(/\D/g, '');
  return byPhone && /^[\d\s+()-]+$/.test(search) && digits.length > 0 ? sql`(${byName} or m.phone like ${`%${digits}%`})` : byName;
}

const tag1Is = (values: string[]) => sql`coalesce(m.tag1, '') = any(${sql.param(values)}::text[])`;

export type RecipientFilter = Pick<RecipientsQuery, 'status' | 'errorCode' | 'tag1' | 'replied' | 'replyWord' | 'search'> & {
  phoneSearch?: boolean;
};

/** The per-recipient table's filters as one condition (the campaign's rows only). */
export function recipientsWhere(campaignId: string, filter: RecipientFilter): SQL {
  const parts: Array<SQL | undefined> = [sql`m.campaign_id = ${campaignId}`];
  if (filter.status?.length) parts.push(sql`m.status = any(${sql.param(filter.status)}::text[])`);
  if (filter.errorCode !== undefined) parts.push(sql`m.error_code = ${filter.errorCode}`);
  if (filter.tag1 !== undefined) parts.push(tag1Is([filter.tag1]));
  if (filter.replied === 'yes') parts.push(sql`m.replied_at is not null`);
  if (filter.replied === 'no') parts.push(sql`m.replied_at is null`);
  if (filter.replyWord !== undefined) parts.push(sql`m.reply_word = ${filter.replyWord.trim().toUpperCase()}`);
  parts.push(searchWhere(filter.search, filter.phoneSearch));
  return sql.join(
    parts.filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
}

export type NonResponderFilter = Pick<NonRespondersQuery, 'tag1' | 'search'> & { phoneSearch?: boolean };

/** Non-responders (message reached: sent, delivered or unknown; no reply), optionally of some tag1 values, matching a search. */
export function nonRespondersWhere(campaignId: string, filter: NonResponderFilter): SQL {
  const parts: Array<SQL | undefined> = [
    sql`m.campaign_id = ${campaignId}`,
    sql`m.status = any(${sql.param(REACHED_STATUSES)}::text[])`,
    sql`m.replied_at is null`,
  ];
  if (filter.tag1?.length) parts.push(tag1Is(filter.tag1));
  parts.push(searchWhere(filter.search, filter.phoneSearch));
  return sql.join(
    parts.filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
}

/** Whether a non-responder of the filter was sent a message after `since` (its reply window still open). */
export async function nonResponderSentAfter(db: Executor, campaignId: string, tag1: string[] | undefined, since: Date): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from messages m where ${nonRespondersWhere(campaignId, { tag1 })} and m.sent_at > ${since.toISOString()}::timestamptz limit 1`,
  );
  return rows.length > 0;
}

const RECIPIENT_ORDER: Record<string, SQL> = {
  name: NAME,
  phone: sql`m.phone`,
  tag1: sql`coalesce(m.tag1, '')`,
  status: sql`m.status`,
  sentAt: sql`m.sent_at`,
  deliveredAt: sql`m.delivered_at`,
  repliedAt: sql`m.replied_at`,
};

/**
 * One page of recipients. Without a sort they come in the unique index's (campaign_id,
 * contact_id) order, which the first page reads without sorting; a sort orders every match first.
 */
export async function recipientsPage(
  db: Executor,
  where: SQL,
  sort: string | undefined,
  order: 'asc' | 'desc',
  page: { limit: number; skip: number },
): Promise<RecipientRow[]> {
  const direction = order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  // contact_id is unique within a campaign, so it settles every tie.
  const orderBy = sort && RECIPIENT_ORDER[sort] ? sql`${RECIPIENT_ORDER[sort]} ${direction}, m.contact_id` : sql`m.contact_id`;
  const rows = await queryRows<RecipientRaw>(
    db,
    sql`select ${RECIPIENT_COLUMNS} from messages m left join contacts c on c.id = m.contact_id
        where ${where} order by ${orderBy} limit ${page.limit} offset ${page.skip}`,
  );
  return rows.map(recipientRow);
}

/** How many rows match (a scan of the campaign's rows: callers answer from the counters when they can). */
export async function countRecipients(db: Executor, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from messages m left join contacts c on c.id = m.contact_id where ${where}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The next export batch after `afterContactId`, in (campaign_id, contact_id) order: keyset
 * paging on the unique index, so every batch costs the same however deep the export is.
 * Campaign messages always name their contact (the fan-out writes one row per contact).
 */
export async function recipientsBatch(
  db: Executor,
  campaignId: string,
  where: SQL,
  afterContactId: string | null,
  limit: number,
): Promise<RecipientRow[]> {
  const after = afterContactId ? sql`and m.contact_id > ${afterContactId}` : sql``;
  // The same bound on the contacts side: PostgreSQL merge-joins the two primary-key orders, and
  // without it the contacts scan would start from the first contact for every batch.
  const contactsAfter = afterContactId ? sql`and c.id > ${afterContactId}` : sql``;
  const rows = await queryRows<RecipientRaw>(
    db,
    sql`select ${RECIPIENT_COLUMNS} from messages m left join contacts c on c.id = m.contact_id ${contactsAfter}
        where ${where} and m.campaign_id = ${campaignId} and m.contact_id is not null ${after}
        order by m.contact_id limit ${limit}`,
  );
  return rows.map(recipientRow);
}

// ---------------------------------------------------------------------------------------------
// CSV made by the database: the exports' hot path
// ---------------------------------------------------------------------------------------------

/** A cell known to hold nothing a spreadsheet or CSV reader could misread (statuses, ISO times). */
export const plainCellSql = (expression: SQL): SQL => sql`coalesce(${expression}, '')`;

/** The reports' time text (as isoText) of any timestamp expression. */
export const isoTextSql = (expression: SQL) => sql`to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The recipient's name as the presenter shows it (first and last, blanks skipped). */
export const NAME_SQL = sql`nullif(concat_ws(' ', nullif(c.first_name, ''), nullif(c.last_name, '')), '')`;

/** One column of a database-made CSV: its expression over messages m and contacts c, and how to write it. */
export interface CsvColumn {
  expression: SQL;
  /** text: neutralised and quoted as needed; plain: statuses and ISO times, written as they are. */
  kind: 'text' | 'plain';
}

/** Each column's expression once (inner select: v0, v1, ...) and the CSV line made of them. */
function csvLineParts(columns: CsvColumn[]): { values: SQL; line: SQL } {
  const values = sql.join(
    columns.map((column, i) => sql`${column.expression} as ${sql.raw(`v${i}`)}`),
    sql`, `,
  );
  const line = sql.join(
    columns.map((column, i) => (column.kind === 'plain' ? plainCellSql(sql.raw(`v${i}`)) : csvCellSql(sql.raw(`v${i}`)))),
    sql` || ',' || `,
  );
  return { values, line };
}

/** Messages of a campaign per range of a ranged export (platform/copy-csv.ts): ~6 MB of CSV each. */
export const EXPORT_RANGE_ROWS = 50_000;

/**
 * The keys that cut the campaign's message rows (filters aside) into ranges of `rows` rows in
 * (campaign_id, contact_id) order: each bound is the next one's `rows`-th successor on the unique
 * index, so the whole costs one walk of the index (index only), however the rows are spread.
 */
export function exportRangeBounds(campaignId: string, rows: number = EXPORT_RANGE_ROWS): SQL {
  const step = (
    after: SQL,
  ) => sql`(select m.contact_id from messages m where m.campaign_id = ${campaignId} and m.contact_id is not null ${after}
      order by m.contact_id offset ${rows} limit 1)`;
  return sql`with recursive bounds(id) as (select ${step(sql``)} union all select ${step(sql`and m.contact_id >= b.id`)} from bounds b where b.id is not null)
    select id::text as id from bounds where id is not null`;
}

/**
 * The matching rows of [from, to) (null: open end) as the cells of their CSV lines, in
 * (campaign_id, contact_id) order, for PostgreSQL's CSV writer (COPY ... CSV: platform/copy-csv.ts):
 * one statement per range of the export. Each expression is evaluated once (inner select); text
 * cells are neutralised, quoting is the writer's. The contacts side has the same bounds, so the
 * merge join starts its contacts at the range rather than at the first contact.
 */
export function csvCopyQuery(
  campaignId: string,
  where: SQL,
  columns: CsvColumn[],
  from: string | null = null,
  to: string | null = null,
): SQL {
  const values = sql.join(
    columns.map((column, i) => sql`${column.expression} as ${sql.raw(`v${i}`)}`),
    sql`, `,
  );
  const cells = sql.join(
    columns.map((column, i) => (column.kind === 'plain' ? sql.raw(`v${i}`) : csvNeutralisedSql(sql.raw(`v${i}`)))),
    sql`, `,
  );
  const range = (key: SQL) => sql`${from === null ? sql`` : sql`and ${key} >= ${from}`} ${to === null ? sql`` : sql`and ${key} < ${to}`}`;
  return sql`select ${cells} from (select m.contact_id, ${values}
      from messages m left join contacts c on c.id = m.contact_id ${range(sql`c.id`)}
      where ${where} and m.campaign_id = ${campaignId} and m.contact_id is not null ${range(sql`m.contact_id`)}
      order by m.contact_id) batch order by contact_id`;
}

/**
 * The next export batch as CSV lines (CRLF after each): one text value per batch instead of a row
 * object per recipient (the driver's per-row work, PGlite's most of all, costs more than the
 * query). Each expression is evaluated once (inner select), the cell rules apply to its result.
 * Same keyset as recipientsBatch; answers the lines, their count and the cursor after them.
 */
export async function csvBatch(
  db: Executor,
  campaignId: string,
  where: SQL,
  columns: CsvColumn[],
  afterContactId: string | null,
  limit: number,
): Promise<{ text: string; rows: number; last: string | null }> {
  const after = afterContactId ? sql`and m.contact_id > ${afterContactId}` : sql``;
  const contactsAfter = afterContactId ? sql`and c.id > ${afterContactId}` : sql``;
  const { values, line } = csvLineParts(columns);
  const [row] = await queryRows<{ text: string | null; rows: number; last: string | null }>(
    db,
    sql`select string_agg(${line}, E'\r\n' order by contact_id) || E'\r\n' as text, count(*)::int as rows,
               (array_agg(contact_id order by contact_id desc))[1] as last
        from (select m.contact_id, ${values}
              from messages m left join contacts c on c.id = m.contact_id ${contactsAfter}
              where ${where} and m.campaign_id = ${campaignId} and m.contact_id is not null ${after}
              order by m.contact_id limit ${limit}) batch`,
  );
  return { text: row?.text ?? '', rows: Number(row?.rows ?? 0), last: row?.last ?? null };
}
