import type { CalendarCampaign, ListCampaignsQuery, StoredAudience } from '@sms/contracts/campaigns';
import type { SegmentDefinition } from '@sms/contracts/segments';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { campaignAudienceContacts, campaigns, contacts, gateways, messages, users } from '../../db/schema.ts';
import type { ContactRow } from '../contacts/index.ts';
import { findSegment } from '../segments/index.ts';
import { audienceWhere, recipientsWhere } from './audience.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { DEFAULT_PREFIX_LENGTH, LONG_PREFIXES } from '@sms/contracts/phone-destination';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;
/** A new campaign or a change to one: never its status, which only the state machine (campaign-state.ts) writes. */
export type CampaignValues = Omit<NewCampaignRow, 'status'>;

/** A campaign with the names the presenter shows beside the ids. */
export interface CampaignWithNames {
  campaign: CampaignRow;
  gatewayName: string | null;
  creatorName: string | null;
  /** For non-responder audiences: the source campaign's name. */
  sourceName: string | null;
  /** For explicit audiences: how many contacts the list names. */
  listSize: number | null;
  /** For segment audiences: the segment's current name (null once deleted). */
  segmentName: string | null;
}

/** Campaign rows with their gateway and creator names (one query for a page of them). */
function selectWithNames(db: Executor) {
  return db
    .select({
      campaign: campaigns,
      gatewayName: gateways.name,
      creatorName: users.name,
      sourceName: sql<
        string | null
      >`(select s.name from campaigns s where s.id = (${campaigns.audience}->>'campaignId')::uuid and ${campaigns.audience}->>'type' = 'non_responders')`,
      listSize: sql<
        number | null
      >`case when ${campaigns.audience}->>'type' = 'contacts' then (select count(*)::int from campaign_audience_contacts a where a.campaign_id = ${campaigns.id}) end`,
      segmentName: sql<
        string | null
      >`(select g.name from segments g where g.id = (${campaigns.audience}->>'segmentId')::uuid and ${campaigns.audience}->>'type' = 'segment')`,
    })
    .from(campaigns)
    .leftJoin(gateways, eq(gateways.id, campaigns.gatewayId))
    .leftJoin(users, eq(users.id, campaigns.createdBy));
}

/** One campaign with names, or undefined. */
export async function findCampaign(db: Executor, id: string): Promise<CampaignWithNames | undefined> {
  const [row] = await selectWithNames(db).where(eq(campaigns.id, id));
  return row;
}

/** The bare row (for services), optionally locked for the transaction. */
export async function findCampaignRow(db: Executor, id: string, options: { forUpdate?: boolean } = {}): Promise<CampaignRow | undefined> {
  const query = db.select().from(campaigns).where(eq(campaigns.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

const SORT_COLUMNS = {
  createdAt: campaigns.createdAt,
  updatedAt: campaigns.updatedAt,
  name: campaigns.name,
  scheduledAt: campaigns.scheduledAt,
  launchedAt: campaigns.launchedAt,
} as const;

/** A page of campaigns (filter by status, search by name) and the total. */
export async function listCampaigns(db: Executor, query: ListCampaignsQuery): Promise<{ rows: CampaignWithNames[]; total: number }> {
  const where: SQL | undefined = and(
    query.status?.length ? inArray(campaigns.status, query.status) : undefined,
    query.search ? ilike(campaigns.name, `%${escapeLike(query.search)}%`) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[query.sort];
  const [rows, [totalRow]] = await Promise.all([
    selectWithNames(db).where(where).orderBy(direction(column), direction(campaigns.id)).limit(query.limit).offset(query.skip),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Inserts a campaign and answers the row. */
export async function insertCampaign(db: Executor, values: CampaignValues): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Applies a patch; answers the new row. */
export async function updateCampaignRow(db: Executor, id: string, patch: Partial<CampaignValues>): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(campaigns.id, id))
    .returning();
  return row;
}

/**
 * Deletes a campaign. Only drafts reach this and they have no messages, but messages.campaign_id
 * has no foreign key (see the schema), so any are deleted here rather than left orphaned.
 */
export async function deleteCampaignRow(db: Executor, id: string): Promise<boolean> {
  await db.delete(messages).where(eq(messages.campaignId, id));
  const rows = await db.delete(campaigns).where(eq(campaigns.id, id)).returning({ id: campaigns.id });
  return rows.length > 0;
}

/** Replaces the explicit contact list of a campaign (ids of deleted contacts are dropped). */
export async function replaceAudienceContacts(db: Executor, campaignId: string, contactIds: string[]): Promise<void> {
  await db.delete(campaignAudienceContacts).where(eq(campaignAudienceContacts.campaignId, campaignId));
  if (contactIds.length === 0) return;
  await db.execute(sql`insert into campaign_audience_contacts (campaign_id, contact_id)
    select ${campaignId}, c.id from contacts c where c.id = any(${sql.param(contactIds)}::uuid[]) on conflict do nothing`);
}

/** Copies one campaign's explicit contact list to another (duplicate). */
export async function copyAudienceContacts(db: Executor, fromId: string, toId: string): Promise<void> {
  await db.execute(sql`insert into campaign_audience_contacts (campaign_id, contact_id)
    select ${toId}, contact_id from campaign_audience_contacts where campaign_id = ${fromId}`);
}

/**
 * A segment audience not yet resolved, with its segment's current definition filled in (not
 * recorded): what it would reach if it started sending now. Other audiences are answered as they are.
 */
export async function withSegmentDefinition(db: Executor, audience: StoredAudience): Promise<StoredAudience> {
  if (audience.type !== 'segment' || audience.definition) return audience;
  const found = await findSegment(db, audience.segmentId);
  if (!found) return audience;
  return { ...audience, segmentName: found.segment.name, definition: found.segment.definition as SegmentDefinition };
}

/** How many contacts an audience reaches (active) and how many it names but are opted out. */
export async function countAudience(
  db: Executor,
  stored: StoredAudience,
  savedCampaignId?: string,
): Promise<{ count: number; optedOut: number }> {
  const audience = await withSegmentDefinition(db, stored);
  const named = audienceWhere(audience, savedCampaignId) ?? sql`true`;
  const rows = await queryRows<{ active: number; opted_out: number }>(
    db,
    sql`select count(*) filter (where ${contacts.status} = 'active')::int as active,
               count(*) filter (where ${contacts.status} = 'opted_out')::int as opted_out
        from ${contacts} where ${named}`,
  );
  return { count: rows[0]?.active ?? 0, optedOut: rows[0]?.opted_out ?? 0 };
}

/** One group of an audience's numbers sharing a prefix long enough to name their country (decision 042). */
export interface DestinationGroup {
  /** The smallest number of the group: its country is the group's. */
  sample: string;
  active: number;
  optedOut: number;
}

/** The audience's active and opted-out contacts grouped by number prefix (LONG_PREFIXES or DEFAULT_PREFIX_LENGTH characters). */
export async function countAudienceByPrefix(db: Executor, stored: StoredAudience): Promise<DestinationGroup[]> {
  const audience = await withSegmentDefinition(db, stored);
  const named = audienceWhere(audience) ?? sql`true`;
  const long = Object.entries(LONG_PREFIXES).map(([code, length]) => sql`when ${contacts.phone} like ${`+${code}%`} then ${length}::int`);
  const rows = await queryRows<{ sample: string; active: number; opted_out: number }>(
    db,
    sql`select min(${contacts.phone}) as sample,
               count(*) filter (where ${contacts.status} = 'active')::int as active,
               count(*) filter (where ${contacts.status} = 'opted_out')::int as opted_out
        from ${contacts} where ${named}
        group by left(${contacts.phone}, case ${sql.join(long, sql` `)} else ${DEFAULT_PREFIX_LENGTH}::int end)`,
  );
  return rows.map((row) => ({ sample: row.sample, active: row.active, optedOut: row.opted_out }));
}

/** A few recipients of an audience (for the composer's preview and sample rendering). */
export async function sampleAudience(db: Executor, stored: StoredAudience, limit: number, savedCampaignId?: string): Promise<ContactRow[]> {
  const audience = await withSegmentDefinition(db, stored);
  return db.select().from(contacts).where(recipientsWhere(audience, savedCampaignId)).orderBy(contacts.id).limit(limit);
}

/**
 * Campaigns (not drafts) with a schedule, launch or completion in [from, to), oldest first, at
 * most `limit` (the calendar). Campaigns are few (thousands), so this reads the table without an index.
 */
export async function listCampaignsInRange(db: Executor, from: Date, to: Date, limit: number): Promise<CalendarCampaign[]> {
  const [f, t] = [from.toISOString(), to.toISOString()];
  const rows = await queryRows<{
    id: string;
    name: string;
    status: CalendarCampaign['status'];
    scheduled_at: string | Date | null;
    scheduled_local: string | null;
    time_zone: string;
    launched_at: string | Date | null;
    completed_at: string | Date | null;
  }>(
    db,
    sql`select id, name, status, scheduled_at, scheduled_local, time_zone, launched_at, completed_at from campaigns
        where status <> 'draft' and (
              (scheduled_at >= ${f}::timestamptz and scheduled_at < ${t}::timestamptz)
           or (launched_at >= ${f}::timestamptz and launched_at < ${t}::timestamptz)
           or (completed_at >= ${f}::timestamptz and completed_at < ${t}::timestamptz))
        order by coalesce(launched_at, scheduled_at, completed_at), id limit ${limit}`,
  );
  const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    scheduledAt: iso(row.scheduled_at),
    scheduledLocal: row.scheduled_local,
    timeZone: row.time_zone,
    launchedAt: iso(row.launched_at),
    completedAt: iso(row.completed_at),
  }));
}
