import {
  CONTACT_COUNT_CAP,
  CONTACT_TAG_FIELDS,
  type ContactConditions,
  type ContactFilter,
  type ContactSortField,
  type ContactTagField,
  type ListContactsQuery,
} from '@sms/contracts/contacts';
import { REACHED_STATUSES } from '@sms/contracts/messages';
import { normalisePhone, phoneSearchPrefix } from '@sms/contracts/phone';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { contacts } from '../../db/schema.ts';
import { escapeLike } from '../../db/escape-like.ts';

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;

const whereClause = (where: SQL | undefined) => (where ? sql`where ${where}` : sql``);

/** `lower(column) LIKE 'term%'`: the pattern is built here, a constant for the planner, so the lower(...) text_pattern_ops index serves it. */
const startsWithLower = (column: SQL, term: string) => sql`lower(${column}) like ${`${escapeLike(term.toLowerCase())}%`}`;

/** The search part of a filter: phone prefix for phone-like terms, else the start of names or email. */
export function searchCondition(term: string, country: string | undefined): SQL | undefined {
  const prefix = phoneSearchPrefix(term, country);
  if (prefix) {
    // phone has collation "C": the unique btree answers the prefix range directly.
    const byPrefix = sql`${contacts.phone} like ${`${escapeLike(prefix)}%`}`;
    const full = normalisePhone(term, country);
    return full.ok && !full.e164.startsWith(prefix) ? or(byPrefix, eq(contacts.phone, full.e164)) : byPrefix;
  }
  const conditions = [
    startsWithLower(sql`${contacts.firstName}`, term),
    startsWithLower(sql`${contacts.lastName}`, term),
    startsWithLower(sql`${contacts.email}`, term),
  ];
  // "Ann Smi": first name starts with "Ann" and last name with "Smi".
  const [first, ...rest] = term.split(/\s+/);
  if (first && rest.length > 0) {
    const both = and(startsWithLower(sql`${contacts.firstName}`, first), startsWithLower(sql`${contacts.lastName}`, rest.join(' ')));
    if (both) conditions.push(both);
  }
  return or(...conditions);
}

/** A date-only upper bound includes its whole day. */
const createdToBound = (value: string): SQL =>
  /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? sql`${contacts.createdAt} < (${value}::date + 1)`
    : sql`${contacts.createdAt} <= ${value}::timestamptz`;

/** Contacts not in the trash (decision 087): every list, count, audience, search and export reads these only. */
export const notTrashed: SQL = isNull(contacts.deletedAt);

/** The WHERE clause of a filter, shared by the list, bulk actions, exports, saved segments and campaign audiences (trashed contacts left out). */
export function contactFilterWhere(filter: ContactFilter): SQL | undefined {
  return and(filterConditions(filter), notTrashed);
}

/** What a filter asks for (undefined: nothing, every contact). */
function filterConditions(filter: ContactFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = filter.conditions ? advancedConditions(filter.conditions) : [];
  if (filter.search) conditions.push(searchCondition(filter.search, filter.country));
  if (filter.tag1 !== undefined) conditions.push(eq(contacts.tag1, filter.tag1));
  if (filter.tag2 !== undefined) conditions.push(eq(contacts.tag2, filter.tag2));
  if (filter.tag3 !== undefined) conditions.push(eq(contacts.tag3, filter.tag3));
  if (filter.status) conditions.push(eq(contacts.status, filter.status));
  if (filter.createdFrom) conditions.push(sql`${contacts.createdAt} >= ${filter.createdFrom}::timestamptz`);
  if (filter.createdTo) conditions.push(createdToBound(filter.createdTo));
  return and(...conditions);
}

/**
 * The advanced conditions (segments). Tag sets read each tag field's own index (`tag1 = any(...)`,
 * one probe per value); custom fields read the jsonb; message conditions probe `messages` per
 * contact through its (campaign_id, contact_id) index, or gather recent recipients once.
 */
function advancedConditions(conditions: ContactConditions): (SQL | undefined)[] {
  const out: (SQL | undefined)[] = [];
  if (conditions.tags) out.push(tagCondition(conditions.tags));
  for (const field of conditions.customFields ?? []) out.push(customFieldCondition(field));
  if (conditions.repliedTo)
    out.push(sql`exists (select 1 from messages m where m.campaign_id = ${conditions.repliedTo} and m.contact_id = ${contacts.id}
      and m.replied_at is not null)`);
  if (conditions.notRepliedTo)
    // The non-responders of the reports (reply-figures.ts): reached (sent, delivered or unknown) and no reply.
    out.push(sql`exists (select 1 from messages m where m.campaign_id = ${conditions.notRepliedTo} and m.contact_id = ${contacts.id}
      and m.status = any(${sql.param(REACHED_STATUSES)}::text[]) and m.replied_at is null)`);
  if (conditions.messagedWithinDays)
    out.push(sql`${contacts.id} in (select m.contact_id from messages m where m.sent_at >= now() - make_interval(days => ${conditions.messagedWithinDays})
      and m.contact_id is not null)`);
  return out;
}

function tagCondition(tags: NonNullable<ContactConditions['tags']>): SQL | undefined {
  const fields = tags.field ? [tags.field] : CONTACT_TAG_FIELDS;
  const values = [...new Set(tags.values)];
  const holds = (value: string) => or(...fields.map((field) => eq(contacts[field], value)));
  const holdsAny = or(...fields.map((field) => sql`${contacts[field]} = any(${sql.param(values)}::text[])`));
  switch (tags.match) {
    case 'any':
      return holdsAny;
    case 'all':
      return and(...values.map(holds));
    case 'none':
      // A null tag holds no value: "= any" is null there, so coalesce to false before negating.
      return sql`not coalesce(${holdsAny}, false)`;
  }
}

function customFieldCondition(field: NonNullable<ContactConditions['customFields']>[number]): SQL {
  const value = sql`(${contacts.customFields} ->> ${field.name})`;
  switch (field.operator) {
    case 'equals':
      return sql`${contacts.customFields} @> ${JSON.stringify({ [field.name]: field.value ?? '' })}::jsonb`;
    case 'contains':
      return sql`lower(${value}) like ${`%${escapeLike((field.value ?? '').toLowerCase())}%`}`;
    case 'empty':
      return sql`coalesce(${value}, '') = ''`;
    case 'not_empty':
      return sql`coalesce(${value}, '') <> ''`;
  }
}

/** The column a sort field orders by (id breaks its ties). */
function sortColumn(sort: ContactSortField) {
  return {
    createdAt: contacts.createdAt,
    phone: contacts.phone,
    updatedAt: contacts.updatedAt,
    firstName: contacts.firstName,
    lastName: contacts.lastName,
    tag1: contacts.tag1,
  }[sort];
}

/**
 * ORDER BY per sort field. createdAt matches the (created_at, id) index in both directions
 * (read backwards for desc); phone is unique and indexed; the others sort the filtered
 * rows, empty values last, id as the tie-breaker so pages never overlap.
 */
function orderBy(sort: ContactSortField, order: 'asc' | 'desc'): SQL {
  const desc = order === 'desc';
  switch (sort) {
    case 'createdAt':
      return desc ? sql`${contacts.createdAt} desc, ${contacts.id} desc` : sql`${contacts.createdAt} asc, ${contacts.id} asc`;
    case 'phone':
      return desc ? sql`${contacts.phone} desc` : sql`${contacts.phone} asc`;
    default: {
      const column = sortColumn(sort);
      return desc ? sql`${column} desc nulls last, ${contacts.id} asc` : sql`${column} asc nulls last, ${contacts.id} asc`;
    }
  }
}

/**
 * One page of contacts matching the filter, plus how many match (same WHERE), counted up to
 * CONTACT_COUNT_CAP: the count stops there instead of visiting every matching row.
 *
 * The count also picks the page's plan. Past the cap, matches are plentiful and walking the sort
 * order (an index for the default order) finds a page quickly. Below it, the matches are gathered
 * and sorted: walking the order would step over every row newer than the matches, and matches
 * often sit together (a phone prefix of numbers imported in one go: many rows stepped over for
 * a page of results; bench/RESULTS.md has the figures).
 *
 * A phone-prefix search gathers first: the matches (up to the cap and one) are gathered once,
 * with only the columns a sort can use, counted and sorted for the page's ids, and the page's
 * rows are read by id; a separate count visited the same matches a second time. Other filters
 * count first: name and tag matches are spread over the table and often past the cap, where the
 * gathering costs more than a bare count.
 */
export async function listContacts(
  db: Executor,
  query: ListContactsQuery,
): Promise<{ rows: ContactRow[]; total: number; totalCapped: boolean }> {
  // The plan depends on what the filter asks for; the trash condition only drops the few trashed rows met on the way.
  const narrowed = filterConditions(query) !== undefined;
  const where = contactFilterWhere(query);
  const order = orderBy(query.sort, query.order);
  let counted: number;
  if (narrowed && where && query.search && phoneSearchPrefix(query.search, query.country)) {
    const page = await gatherPage(db, where, order, query);
    // A page past the last match has no row to carry the count.
    counted = page[0]?.matched ?? (query.skip > 0 ? await countContactsUpTo(db, where, CONTACT_COUNT_CAP + 1) : 0);
    if (counted <= CONTACT_COUNT_CAP)
      return {
        rows: await contactsInOrder(
          db,
          page.map((row) => row.id),
        ),
        total: counted,
        totalCapped: false,
      };
  } else {
    counted = await countContactsUpTo(db, where, CONTACT_COUNT_CAP + 1);
    if (narrowed && where && counted <= CONTACT_COUNT_CAP) {
      // Named like the table, so the ORDER BY's "contacts"."column" refers to the gathered matches;
      // the LIMIT (never reached: there are fewer matches) keeps the planner from merging the
      // subquery back into a walk of the order.
      const matches = db
        .select()
        .from(contacts)
        .where(where)
        .limit(CONTACT_COUNT_CAP + 1)
        .as('contacts');
      const rows = await db.select().from(matches).orderBy(order).limit(query.limit).offset(query.skip);
      return { rows, total: counted, totalCapped: false };
    }
  }
  const page =
    narrowed && where && query.sort === 'createdAt'
      ? await pageOfMany(db, where, order, query)
      : await db.select().from(contacts).where(where).orderBy(order).limit(query.limit).offset(query.skip);
  return { rows: page, total: Math.min(counted, CONTACT_COUNT_CAP), totalCapped: counted > CONTACT_COUNT_CAP };
}

/** Newest contacts a page of many matches is first looked for in. */
const RECENT_ROWS = 20_000;

/**
 * A page of a filter with more matches than the cap, newest first. Looked for among the newest
 * RECENT_ROWS contacts first, where plentiful matches are: walking the whole order would step
 * over every newer contact when the matches sit further back (a tag given to one old import, a
 * phone prefix of numbers imported together, far behind the newest rows). Failing that, every
 * match is gathered through the filter's indexes and sorted, which is quicker for such a block.
 * Both answer the page's ids only, and the page's rows are read by id: the sort then carries an
 * id and a time per match instead of whole rows (custom fields and all), most of the gathering's
 * cost over 90,000 matches (decision 115).
 */
async function pageOfMany(db: Executor, where: SQL, order: SQL, query: ListContactsQuery): Promise<ContactRow[]> {
  // Named like the table, so the WHERE and ORDER BY's "contacts"."column" refer to the subquery;
  // PostgreSQL drops the subquery's columns nothing above it reads.
  const recent = db.select().from(contacts).orderBy(order).limit(RECENT_ROWS).as('contacts');
  const found = await db.select({ id: recent.id }).from(recent).where(where).orderBy(order).limit(query.limit).offset(query.skip);
  if (found.length === query.limit)
    return contactsInOrder(
      db,
      found.map((row) => row.id),
    );
  // A LIMIT (never reached) keeps the planner from merging the gathering back into a walk of the order.
  const all = db.select().from(contacts).where(where).limit(Number.MAX_SAFE_INTEGER).as('contacts');
  const page = await db.select({ id: all.id }).from(all).orderBy(order).limit(query.limit).offset(query.skip);
  return contactsInOrder(
    db,
    page.map((row) => row.id),
  );
}

/** The ids of a page of the matches (gathered up to the cap and one), each with how many were gathered. */
function gatherPage(db: Executor, where: SQL, order: SQL, query: ListContactsQuery) {
  // Only what the order reads is gathered (the page's rows are read by id afterwards).
  const sortBy = sortColumn(query.sort);
  // The page is read from the matches named like the table, so the ORDER BY's "contacts"."column" refers to them.
  return queryRows<{ id: string; matched: number }>(
    db,
    sql`with matches as materialized (
      select ${contacts.id}, ${sortBy} from ${contacts} where ${where} limit ${CONTACT_COUNT_CAP + 1})
    select "contacts"."id", (select count(*) from matches)::int as matched from matches as "contacts" order by ${order} limit ${query.limit} offset ${query.skip}`,
  );
}

/** Contacts by id, in the order of `ids`. */
async function contactsInOrder(db: Executor, ids: string[]): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await db.select().from(contacts).where(inArray(contacts.id, ids))).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Number of contacts matching a WHERE clause, counting no further than `limit`. */
export async function countContactsUpTo(db: Executor, where: SQL | undefined, limit: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${contacts} ${whereClause(where)} limit ${limit}) as matches`,
  );
  return Number(row?.n ?? 0);
}

/** A contact by id (not one in the trash). */
export async function findContactById(db: Executor, id: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), notTrashed));
  return row;
}

/** A contact by id, in the trash or not (erasure and access requests reach trashed contacts too). */
export async function findAnyContactById(db: Executor, id: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}

/** The contact holding an E.164 number (the unique index), in the trash or not: `deletedAt` tells. */
export async function findContactByPhone(db: Executor, phone: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.phone, phone));
  return row;
}

/** Inserts a contact and returns the stored row. */
export async function insertContact(db: Executor, values: NewContactRow): Promise<ContactRow> {
  const [row] = await db.insert(contacts).values(values).returning();
  if (!row) throw new Error('insert into contacts returned no row');
  return row;
}

/** Applies a partial change, stamps updated_at and returns the new row (undefined if gone). */
export async function updateContactRow(db: Executor, id: string, patch: Partial<NewContactRow>): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(contacts.id, id))
    .returning();
  return row;
}

/** Moves one contact to the trash; false when it was gone or already there. */
export async function trashContactRow(db: Executor, id: string, by: string): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({ deletedAt: sql`now()`, deletedBy: by })
    .where(and(eq(contacts.id, id), notTrashed))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** Which contacts a bulk action touches: listed ids, or a filter. */
export type BulkTarget = { ids: string[] } | { filter: ContactFilter };

const targetWhere = (target: BulkTarget): SQL | undefined =>
  'ids' in target ? and(inArray(contacts.id, target.ids), notTrashed) : contactFilterWhere(target.filter);

/** Runs a data-modifying statement and answers how many rows it changed (both drivers, no ids shipped to JS). */
async function countChanged(db: Executor, statement: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`with changed as (${statement} returning 1) select count(*)::int as n from changed`);
  return Number(row?.n ?? 0);
}

const andAlso = (where: SQL | undefined, extra: SQL) => (where ? sql`where (${where}) and ${extra}` : sql`where ${extra}`);

/** Bulk move to the trash: one statement. */
export function bulkTrash(db: Executor, target: BulkTarget, by: string): Promise<number> {
  return countChanged(db, sql`update ${contacts} set deleted_at = now(), deleted_by = ${by} ${whereClause(targetWhere(target))}`);
}

/** Bulk set (or clear, with null) one tag field; rows already holding the value are left alone. */
export function bulkSetTag(db: Executor, target: BulkTarget, field: ContactTagField, value: string | null): Promise<number> {
  const column = contacts[field];
  return countChanged(
    db,
    sql`update ${contacts} set ${sql.identifier(field)} = ${value}, updated_at = now() ${andAlso(targetWhere(target), sql`${column} is distinct from ${value}`)}`,
  );
}

/** Bulk opt-out by staff; contacts already opted out keep their original time and source. */
export function bulkOptOut(db: Executor, target: BulkTarget): Promise<number> {
  return countChanged(
    db,
    sql`update ${contacts} set status = 'opted_out', opted_out_at = now(), opt_out_source = 'admin', updated_at = now() ${andAlso(targetWhere(target), sql`${contacts.status} <> 'opted_out'`)}`,
  );
}

/** Bulk opt-in by hand: opted-out contacts become active, lose their opt-out time and source, and keep the consent note. */
export function bulkOptIn(db: Executor, target: BulkTarget, consent: { note: string; by: string }): Promise<number> {
  return countChanged(
    db,
    sql`update ${contacts} set status = 'active', opted_out_at = null, opt_out_source = null, opt_in_source = 'staff',
          opt_in_note = ${consent.note}, opted_in_at = now(), opted_in_by = ${consent.by}, updated_at = now()
        ${andAlso(targetWhere(target), sql`${contacts.status} = 'opted_out'`)}`,
  );
}

/** Distinct values one tag picker request walks at most (bounds a search that matches nothing on a high-cardinality tag). */
const TAG_HOPS_MAX = 20_000;

/**
 * Distinct values of one tag field in order, optionally starting with `search` (case-insensitive).
 * A loose index scan: a recursive CTE hops from value to value on the tag's btree, and the outer
 * LIMIT stops it as soon as enough values matched. A million contacts with a few hundred tag
 * values cost a few hundred index probes, not a scan of the table.
 */
export async function distinctTagValues(
  db: Executor,
  field: ContactTagField,
  search: string | undefined,
  limit: number,
): Promise<string[]> {
  const column = sql.identifier(field);
  const match = search ? sql`and lower(value) like ${`${escapeLike(search.toLowerCase())}%`}` : sql``;
  const rows = await queryRows<{ value: string }>(
    db,
    sql`with recursive hop(value, n) as (
          (select ${column}, 1 from ${contacts} where ${column} is not null order by ${column} limit 1)
          union all
          select (select ${column} from ${contacts} where ${column} > hop.value order by ${column} limit 1), hop.n + 1
          from hop where hop.value is not null and hop.n < ${TAG_HOPS_MAX}
        )
        select value from hop where value is not null ${match} limit ${limit}`,
  );
  return rows.map((row) => row.value);
}

/** Distinct custom field names among the contacts of a filter (export columns), at most `limit`. */
export async function customFieldNames(db: Executor, filter: ContactFilter, limit: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select distinct jsonb_object_keys(${contacts.customFields}) as name from ${contacts} ${whereClause(contactFilterWhere(filter))} order by 1 limit ${limit}`,
  );
  return rows.map((row) => row.name);
}

/** An export batch row: the contact plus its exact created_at as text (the keyset cursor; JS dates drop microseconds). */
export type ExportRow = ContactRow & { cursorAt: string };
export interface ExportCursor {
  createdAt: string;
  id: string;
}

/**
 * The next batch of an export in list order (newest first), after `cursor`: keyset paging, never
 * OFFSET. The row comparison is an index condition on (created_at, id), so every batch starts
 * where the last one ended, even among the thousands of rows one import stamps with the same time.
 */
export async function exportBatch(db: Executor, filter: ContactFilter, cursor: ExportCursor | null, size: number): Promise<ExportRow[]> {
  const after = cursor ? sql`(${contacts.createdAt}, ${contacts.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined;
  const rows = await db
    .select({ contact: contacts, cursorAt: sql<string>`${contacts.createdAt}::text` })
    .from(contacts)
    .where(and(contactFilterWhere(filter), after))
    .orderBy(sql`${contacts.createdAt} desc, ${contacts.id} desc`)
    .limit(size);
  return rows.map((row) => ({ ...row.contact, cursorAt: row.cursorAt }));
}
