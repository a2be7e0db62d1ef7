import type { CampaignStatusReason } from '@sms/contracts/campaign-status-reason';
import type { Audience, QuietHours } from '@sms/contracts/campaigns';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import type { RecipientContact } from './outcomes.ts';

/** A sending (or fanning-out) campaign as the dispatcher sees it. */
export interface ActiveCampaign {
  id: string;
  status: 'sending' | 'paused';
  body: string;
  senderId: string | null;
  gatewayId: string | null;
  audience: Audience;
  rateLimit: number | null;
  quietHours: QuietHours | null;
  audienceReady: boolean;
  statusReason: CampaignStatusReason | null;
}

/** Campaigns with work for the dispatcher: sending ones, and paused ones still fanning out. */
export async function activeCampaigns(db: Executor): Promise<ActiveCampaign[]> {
  const rows = await queryRows<{
    id: string;
    status: 'sending' | 'paused';
    body: string;
    sender_id: string | null;
    gateway_id: string | null;
    audience: Audience;
    rate_limit: number | null;
    quiet_hours: QuietHours | null;
    ready: boolean;
    status_reason: CampaignStatusReason | null;
  }>(
    db,
    sql`select id, status, body, sender_id, gateway_id, audience, rate_limit, quiet_hours, audience_ready_at is not null as ready, status_reason
        from campaigns where status = 'sending' or (status = 'paused' and audience_ready_at is null)
        order by launched_at nulls last, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    body: row.body,
    senderId: row.sender_id,
    gatewayId: row.gateway_id,
    audience: row.audience,
    rateLimit: row.rate_limit,
    quietHours: row.quiet_hours,
    audienceReady: row.ready,
    statusReason: row.status_reason,
  }));
}

/** A contact's columns as the dispatcher reads them (status and phone named apart from a message's). */
export type ContactColumns = {
  contact_status: 'active' | 'opted_out';
  contact_phone: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  tag1: string | null;
  tag2: string | null;
  tag3: string | null;
  custom_fields: Record<string, string> | null;
};

export const toRecipientContact = (id: string, row: ContactColumns): RecipientContact => ({
  id,
  status: row.contact_status,
  phone: row.contact_phone,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  tag1: row.tag1,
  tag2: row.tag2,
  tag3: row.tag3,
  customFields: row.custom_fields ?? {},
});

/** The contacts of a batch, for rendering and the last consent check. */
export async function recipientContacts(db: Executor, ids: string[]): Promise<Map<string, RecipientContact>> {
  const result = new Map<string, RecipientContact>();
  if (ids.length === 0) return result;
  const rows = await queryRows<ContactColumns & { id: string }>(
    db,
    sql`select id, status as contact_status, phone as contact_phone, first_name, last_name, email, tag1, tag2, tag3, custom_fields
        from contacts where id = any(${sql.param(ids)}::uuid[])`,
  );
  for (const row of rows) result.set(row.id, toRecipientContact(row.id, row));
  return result;
}

/** Sets (or clears) the reason shown beside a campaign's status, only when it changes. */
export async function setStatusReason(db: Executor, campaignId: string, reason: CampaignStatusReason | null): Promise<void> {
  const stored = reason ? JSON.stringify(reason) : null;
  await db.execute(
    sql`update campaigns set status_reason = ${stored}::jsonb where id = ${campaignId} and status_reason is distinct from ${stored}::jsonb`,
  );
}
