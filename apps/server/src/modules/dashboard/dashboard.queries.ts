import type { CampaignStatusReason } from '@sms/contracts/campaign-status-reason';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * Named queries of the dashboard. None of them reads campaign messages row by row: message
 * figures come from the per-campaign counters (campaign-counts.queries.ts) plus the integration
 * API's messages (apiMessageCountsSince, a partial index of kind 'api'); the rest uses small
 * tables or indexes (campaigns, opted-out contacts, the newest inbound messages).
 */

/** How long a process reuses its count of all contacts while no contact was added. */
export const CONTACTS_TOTAL_TTL_MS = 10_000;
const totals = new WeakMap<Executor, { marker: string; at: number; total: number }>();

/**
 * All contacts, and the opted-out ones (partial index contacts_opted_out_idx: always exact).
 * count(*) visits every contact, too slow to repeat on each dashboard poll: the total is reused
 * for up to CONTACTS_TOTAL_TTL_MS unless the newest created_at moved (a new contact: one index
 * probe); a deletion shows within that time.
 */
export async function countContacts(db: Executor): Promise<{ total: number; optedOut: number }> {
  const [[newest], [optedOut]] = await Promise.all([
    queryRows<{ marker: string | Date | null }>(db, sql`select max(created_at) as marker from contacts`),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from contacts where status = 'opted_out' and deleted_at is null`),
  ]);
  const marker = String(newest?.marker ? new Date(newest.marker).getTime() : 0);
  const cached = totals.get(db);
  let total = cached && cached.marker === marker && Date.now() - cached.at < CONTACTS_TOTAL_TTL_MS ? cached.total : undefined;
  if (total === undefined) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from contacts where deleted_at is null`);
    total = row?.n ?? 0;
    totals.set(db, { marker, at: Date.now(), total });
  }
  return { total, optedOut: optedOut?.n ?? 0 };
}

/** Opt-outs per local day since `from` (days in `timeZone`). */
export async function optOutsPerDay(db: Executor, from: Date, timeZone: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ day: string; n: number }>(
    db,
    sql`select to_char((opted_out_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int as n
        from contacts where status = 'opted_out' and opted_out_at >= ${from.toISOString()}::timestamptz
        group by 1`,
  );
  return new Map(rows.map((row) => [row.day, row.n]));
}

/** Campaigns that started sending since `from` (their counters make the message windows; launched_at: decision 084). */
export async function campaignsLaunchedSince(db: Executor, from: Date): Promise<{ id: string; launchedAt: Date }[]> {
  const rows = await queryRows<{ id: string; launched_at: string | Date }>(
    db,
    sql`select id, launched_at from campaigns where launched_at >= ${from.toISOString()}::timestamptz`,
  );
  return rows.map((row) => ({ id: row.id, launchedAt: new Date(row.launched_at) }));
}

export interface DashboardCampaignRow {
  id: string;
  name: string;
  status: 'draft' | 'scheduled' | 'sending' | 'paused' | 'completed' | 'cancelled' | 'failed';
  statusReason: CampaignStatusReason | null;
  scheduledAt: Date | null;
  /** The zone its schedule was set in (the organisation's unless chosen otherwise). */
  timeZone: string;
  launchedAt: Date | null;
  audienceReady: boolean;
}

type RawCampaign = {
  id: string;
  name: string;
  status: DashboardCampaignRow['status'];
  status_reason: CampaignStatusReason | null;
  scheduled_at: string | Date | null;
  time_zone: string;
  launched_at: string | Date | null;
  audience_ready: boolean;
  total: number;
};

const toCampaign = (row: RawCampaign): DashboardCampaignRow => ({
  id: row.id,
  name: row.name,
  status: row.status,
  statusReason: row.status_reason,
  scheduledAt: row.scheduled_at ? new Date(row.scheduled_at) : null,
  timeZone: row.time_zone,
  launchedAt: row.launched_at ? new Date(row.launched_at) : null,
  audienceReady: row.audience_ready,
});

/** Sending or paused campaigns, newest launch first, and how many there are. */
export async function activeCampaigns(db: Executor, limit: number): Promise<{ rows: DashboardCampaignRow[]; total: number }> {
  const rows = await queryRows<RawCampaign>(
    db,
    sql`select id, name, status, status_reason, scheduled_at, time_zone, launched_at, audience_ready_at is not null as audience_ready,
               count(*) over ()::int as total
        from campaigns where status in ('sending', 'paused') order by launched_at desc nulls last, id limit ${limit}`,
  );
  return { rows: rows.map(toCampaign), total: rows[0]?.total ?? 0 };
}

/** Scheduled campaigns, soonest first, and how many there are. */
export async function scheduledCampaigns(db: Executor, limit: number): Promise<{ rows: DashboardCampaignRow[]; total: number }> {
  const rows = await queryRows<RawCampaign>(
    db,
    sql`select id, name, status, status_reason, scheduled_at, time_zone, launched_at, audience_ready_at is not null as audience_ready,
               count(*) over ()::int as total
        from campaigns where status = 'scheduled' order by scheduled_at asc nulls last, id limit ${limit}`,
  );
  return { rows: rows.map(toCampaign), total: rows[0]?.total ?? 0 };
}

export interface RecentReplyRow {
  id: number;
  body: string;
  fromPhone: string;
  receivedAt: Date;
  contactId: string | null;
  contactName: string | null;
  campaignId: string | null;
  campaignName: string | null;
}

/** The newest inbound messages (primary key order) with their contact and matched campaign. */
export async function recentReplies(db: Executor, limit: number): Promise<RecentReplyRow[]> {
  const rows = await queryRows<{
    id: string | number;
    body: string;
    from_phone: string;
    received_at: string | Date;
    contact_id: string | null;
    contact_name: string | null;
    campaign_id: string | null;
    campaign_name: string | null;
  }>(
    db,
    sql`select i.id, i.body, i.from_phone, i.received_at, c.id as contact_id,
               nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '') as contact_name,
               k.id as campaign_id, k.name as campaign_name
        from (select * from inbound_messages order by id desc limit ${limit}) i
        left join contacts c on c.id = i.contact_id
        left join messages m on m.id = i.reply_to_message_id
        left join campaigns k on k.id = m.campaign_id
        order by i.id desc`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    body: row.body,
    fromPhone: row.from_phone,
    receivedAt: new Date(row.received_at),
    contactId: row.contact_id,
    contactName: row.contact_name,
    campaignId: row.campaign_id,
    campaignName: row.campaign_name,
  }));
}

/** Which getting-started steps are done (a few existence checks). */
export async function setupProgress(db: Executor): Promise<{ users: boolean; brand: boolean; campaigns: boolean }> {
  const [row] = await queryRows<{ users: boolean; brand: boolean; campaigns: boolean }>(
    db,
    sql`select (select count(*) from (select 1 from users where deleted_at is null limit 2) u) > 1 as users,
               exists (select 1 from brand_settings where app_name is not null or primary_color is not null) as brand,
               exists (select 1 from campaigns where status not in ('draft', 'in_review')) as campaigns`,
  );
  return { users: row?.users ?? false, brand: row?.brand ?? false, campaigns: row?.campaigns ?? false };
}
