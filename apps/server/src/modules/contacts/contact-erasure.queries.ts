import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';

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

/**
 * What identifies the erased person in free text: the number (as its national digits, so any
 * spelling of it is found in digits-only text), the e-mail address and the full name.
 */
export interface PersonTraces {
  contactId: string;
  phone: string;
  /** The national significant number ('7911123456' of +447911123456). */
  nationalDigits: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** First and last name together, when both are known: one name alone names too many people. */
const fullName = (traces: PersonTraces) => (traces.firstName && traces.lastName ? `${traces.firstName} ${traces.lastName}` : null);

const regexLiteral = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
// As the text appears inside a JSON string (quotes and backslashes escaped), for the jsonb columns.
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

/** One case-insensitive pattern for the person's number (with its country code or not), e-mail and full name in JSON text. */
function tracePattern(traces: PersonTraces): string {
  const alternatives = [`\\+?[0-9]*${traces.nationalDigits}`];
  if (traces.email) alternatives.push(regexLiteral(inJson(traces.email)));
  const name = fullName(traces);
  if (name) alternatives.push(regexLiteral(inJson(name)));
  return alternatives.join('|');
}

/** Whether `text` (an SQL text expression) mentions the person: the number's digits in any spelling, the e-mail, both names. */
function mentions(text: SQL, traces: PersonTraces): SQL {
  const { firstName: first, lastName: last } = traces;
  const digits = sql`regexp_replace(${text}, '[^0-9]', '', 'g') like ${`%${traces.nationalDigits}%`}`;
  const email = traces.email ? sql` or ${text} ilike ${`%${escapeLike(traces.email)}%`}` : sql``;
  const name = first && last ? sql` or (${text} ilike ${`%${escapeLike(first)}%`} and ${text} ilike ${`%${escapeLike(last)}%`})` : sql``;
  return sql`(${digits}${email}${name})`;
}

/**
 * Everything else that names the person: web form messages, subscription codes, the inbox's rows,
 * the import's rejected rows and examples, webhook deliveries, stored API answers, audit details.
 */
export async function removeTraces(tx: Executor, traces: PersonTraces): Promise<void> {
  const { contactId, phone, email } = traces;
  await tx.execute(sql`update web_messages set name = ${ERASED}, phone = null, email = null, body = '', reply_body = null, ip = null, user_agent = null
    where phone = ${phone} or (${email}::text is not null and email = ${email})`);
  await tx.execute(sql`delete from subscription_codes where phone = ${phone}`);
  await tx.execute(sql`delete from inbox_reads where contact_id = ${contactId}`);
  await tx.execute(sql`delete from inbox_conversations where contact_id = ${contactId}`);
  // The conversation as a ticket: its labels and history (modules/tickets).
  await tx.execute(sql`delete from conversation_states where contact_id = ${contactId}`);
  await tx.execute(sql`delete from conversation_events where contact_id = ${contactId}`);
  // A rejected import row of the person keeps its place (the import's counts and row numbers
  // hold) and loses its content and reason, which may quote the row's cells.
  await tx.execute(sql`update import_rejections set raw = ${ERASED}, reason = ${ERASED} where ${mentions(sql`raw`, traces)}`);
  await tx.execute(sql`update imports set international_examples = coalesce(
      (select jsonb_agg(example) from jsonb_array_elements(international_examples) example where example->>'e164' <> ${phone}), '[]'::jsonb)
    where international_examples @> jsonb_build_array(jsonb_build_object('e164', ${phone}::text))`);
  // Webhook events about the person: what was sent stays in the log as a fact, without the data;
  // what was not sent yet never leaves.
  await tx.execute(sql`update webhook_deliveries set data = '{"erased":true}'::jsonb,
      status = case when status = 'pending' then 'failed' else status end,
      last_error = case when status = 'pending' then 'Not sent: the contact was erased' else last_error end
    where data->>'contactId' = ${contactId} or data->>'phone' = ${phone} or data->>'to' = ${phone} or data->>'from' = ${phone}`);
  // The integration API's status callbacks about the person, as its webhook deliveries.
  await tx.execute(sql`update status_callback_deliveries set data = '{"erased":true}'::jsonb,
      status = case when status = 'pending' then 'failed' else status end,
      last_error = case when status = 'pending' then 'Not sent: the contact was erased' else last_error end
    where data->>'contactId' = ${contactId} or data->>'to' = ${phone}`);
  // Stored answers of the integration API (idempotency) that quote the person: a repeated request is answered anew.
  await tx.execute(sql`delete from api_idempotency where response::text like ${`%${traces.nationalDigits}%`}
    or (${email}::text is not null and response::text ilike ${`%${escapeLike(email ?? '')}%`}) or response::text like ${`%${contactId}%`}`);
  // Earlier audit entries about the contact (their details hold its number, names, notes) keep who did what, when.
  // Subject Inbox: changes of the person's conversation (modules/tickets), whose labels are free text.
  await tx.execute(
    sql`update audit_log set details = '{"erased":true}'::jsonb where subject in ('Contact', 'Inbox') and subject_id = ${contactId}`,
  );
  // Other entries that quote the number, e-mail or full name (a test send, an export's search) keep the rest of their details.
  await tx.execute(sql`update audit_log set details = regexp_replace(details::text, ${tracePattern(traces)}, ${ERASED}, 'gi')::jsonb
    where details is not null and details::text ~* ${tracePattern(traces)}`);
  // Notifications of notes on the contact name it (notes themselves go with the contact).
  await tx.execute(sql`delete from notifications where kind = 'note_mention' and subject_id = ${contactId}`);
  // Consent records and notes go with the contact (on delete cascade).
  await tx.execute(sql`delete from contacts where id = ${contactId}`);
}

/** The access request's bundle: consent history, every message to and from the contact, and the notes about it. */
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
  // Internal notes about the person are personal data too (decision 102).
  const notes = await queryRows<{ at: string; author: string | null; body: string }>(
    tx,
    sql`select n.created_at as at, u.name as author, n.body from contact_notes n left join users u on u.id = n.author_id
        where n.contact_id = ${contactId} order by n.created_at`,
  );
  return { consents, messages, notes };
}
