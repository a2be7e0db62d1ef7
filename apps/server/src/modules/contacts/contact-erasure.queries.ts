import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** What stands where an erased number or text was (the columns are NOT NULL). */
export const ERASED = 'erased';

/**
 * Messages to the contact keep their campaign, status, times and reply word (the campaigns'
 * figures and reports), lose the number and the texts. Queued ones are cancelled: nobody sends to
 * an erased person. Status changes go through the counters' triggers like any other.
 */
export async function anonymiseMessages(tx: Executor, contactId: string, phone: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with changed as (
      update messages set phone = ${ERASED}, body = null, reply_text = null, error_text = null,
        status = case when status = 'queued' then 'cancelled' else status end
      where contact_id = ${contactId} or phone = ${phone} returning 1)
    select count(*)::int as n from changed`,
  );
  return rows[0]?.n ?? 0;
}

/** Inbound messages (replies, STOP, conversations) from the contact. */
export async function anonymiseInbound(tx: Executor, contactId: string, phone: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with changed as (
      update inbound_messages set from_phone = ${ERASED}, body = ''
      where contact_id = ${contactId} or from_phone = ${phone} returning 1)
    select count(*)::int as n from changed`,
  );
  return rows[0]?.n ?? 0;
}

/** Everything else that names the person: web form messages, subscription codes, the inbox's rows, audit details. */
export async function removeTraces(tx: Executor, contactId: string, phone: string, email: string | null): Promise<void> {
  await tx.execute(sql`update web_messages set name = ${ERASED}, phone = null, email = null, body = '', reply_body = null, ip = null, user_agent = null
    where phone = ${phone} or (${email}::text is not null and email = ${email})`);
  await tx.execute(sql`delete from subscription_codes where phone = ${phone}`);
  await tx.execute(sql`delete from inbox_reads where contact_id = ${contactId}`);
  await tx.execute(sql`delete from inbox_conversations where contact_id = ${contactId}`);
  // Earlier audit entries about the contact (their details hold its number, names, notes) keep who did what, when.
  await tx.execute(sql`update audit_log set details = '{"erased":true}'::jsonb where subject = 'Contact' and subject_id = ${contactId}`);
  // Consent records go with the contact (on delete cascade).
  await tx.execute(sql`delete from contacts where id = ${contactId}`);
}

/** The access request's bundle: consent history and every message to and from the contact. */
export async function personalData(tx: Executor, contactId: string, phone: string) {
  const consents = await queryRows<Record<string, unknown>>(
    tx,
    sql`select action, source, at, ip, user_agent as "userAgent", consent_text as "consentText", topics
      from contact_consents where contact_id = ${contactId} order by at`,
  );
  const messages = await queryRows<{ direction: string; at: string; body: string | null; status: string | null; campaign: string | null }>(
    tx,
    sql`select 'out' as direction, m.queued_at as at, m.body, m.status, c.name as campaign, m.reply_text as "replyText", m.replied_at as "repliedAt"
        from messages m left join campaigns c on c.id = m.campaign_id where m.contact_id = ${contactId} or m.phone = ${phone}
      union all
      select 'in', i.received_at, i.body, null, null, null, null from inbound_messages i where i.contact_id = ${contactId} or i.from_phone = ${phone}
      order by 2`,
  );
  return { consents, messages };
}
