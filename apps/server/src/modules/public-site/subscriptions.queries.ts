import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

export type CodePurpose = 'subscribe' | 'unsubscribe';

export interface CodeRow {
  id: string;
  phone: string;
  name: string | null;
  topics: string[];
  code_hash: string;
  attempts: number;
  ip: string | null;
  user_agent: string | null;
  consent_text: string | null;
}

/**
 * Counts the codes asked for a number since `seconds` ago (the per-number limits): every request
 * leaves a row, whether a code is then sent or not, so the count never depends on the number's state.
 */
export async function countCodesForPhone(db: Executor, phone: string, seconds: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from subscription_codes where phone = ${phone} and created_at > now() - make_interval(secs => ${seconds})`,
  );
  return Number(row?.n ?? 0);
}

/** Stores a code request (its hash only; the sender replaces it with the code it texts). */
export async function insertCode(
  db: Executor,
  values: {
    id: string;
    purpose: CodePurpose;
    phone: string;
    name: string | null;
    topics: string[];
    codeHash: string;
    ip: string;
    userAgent: string | null;
    consentText: string | null;
    ttlSeconds: number;
  },
): Promise<void> {
  await db.execute(sql`insert into subscription_codes (id, purpose, phone, name, topics, code_hash, ip, user_agent, consent_text, expires_at)
    values (${values.id}, ${values.purpose}, ${values.phone}, ${values.name}, ${JSON.stringify(values.topics)}::jsonb, ${values.codeHash},
            ${values.ip}, ${values.userAgent}, ${values.consentText}, now() + make_interval(secs => ${values.ttlSeconds}))`);
}

/** A request the sender has not decided on yet (no message, not dropped), the oldest first, locked for this sender. */
export async function claimPendingCode(db: Executor): Promise<{ id: string; purpose: CodePurpose; phone: string } | undefined> {
  const [row] = await queryRows<{ id: string; purpose: CodePurpose; phone: string }>(
    db,
    sql`select id, purpose, phone from subscription_codes
        where message_id is null and used_at is null and expires_at > now()
        order by created_at limit 1 for update skip locked`,
  );
  return row;
}

/** A request that gets no text (unsubscribing a number without an active contact, no gateway): never a live code. */
export async function dropCode(db: Executor, codeId: string): Promise<void> {
  await db.execute(sql`update subscription_codes set used_at = now() where id = ${codeId}`);
}

/** The code texted for a request: its hash, the message carrying it, and its lifetime from now. */
export async function markCodeSent(
  db: Executor,
  values: { id: string; codeHash: string; messageId: string; ttlSeconds: number },
): Promise<void> {
  await db.execute(sql`update subscription_codes set code_hash = ${values.codeHash}, message_id = ${values.messageId},
    expires_at = now() + make_interval(secs => ${values.ttlSeconds}) where id = ${values.id}`);
}

/** The newest live (texted, unused, unexpired) code of a number for a purpose, locked for the check. */
export async function lockLiveCode(db: Executor, phone: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
  const [row] = await queryRows<CodeRow>(
    db,
    sql`select id, phone, name, topics, code_hash, attempts, ip, user_agent, consent_text from subscription_codes
        where phone = ${phone} and purpose = ${purpose} and message_id is not null and used_at is null and expires_at > now()
        order by created_at desc limit 1 for update`,
  );
  return row;
}

/** Counts one wrong attempt on a code. */
export async function countWrongAttempt(db: Executor, codeId: string): Promise<void> {
  await db.execute(sql`update subscription_codes set attempts = attempts + 1 where id = ${codeId}`);
}

/** Spends a code, and every other live code of the number for the same purpose. */
export async function spendCodes(db: Executor, phone: string, purpose: CodePurpose): Promise<void> {
  await db.execute(sql`update subscription_codes set used_at = now() where phone = ${phone} and purpose = ${purpose} and used_at is null`);
}

/** Drops codes older than a day: nothing counts them any more. */
export async function pruneCodes(db: Executor): Promise<void> {
  await db.execute(sql`delete from subscription_codes where created_at < now() - interval '1 day'`);
}

/** Queues the code's text message (kind 'notice': the messages API and the inbox never show it). */
export async function queueCodeMessage(db: Executor, input: { gatewayId: string; phone: string; text: string }): Promise<string> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`insert into messages (kind, gateway_id, phone, body) values ('notice', ${input.gatewayId}, ${input.phone}, ${input.text}) returning id`,
  );
  return String(row?.id);
}

/**
 * Creates the contact or makes it active again, with the chosen tag values; a name is only
 * filled in where none is stored; a contact in the trash comes back (decision 087). Answers the
 * contact's id and whether it is new.
 */
export async function upsertSubscribedContact(
  db: Executor,
  input: {
    phone: string;
    name: string | null;
    tags: Partial<Record<'tag1' | 'tag2' | 'tag3', string>>;
    /** How the code was confirmed: on the page or by a reply (contact.opted_in webhooks name it). */
    source: 'web_form' | 'sms_reply';
  },
): Promise<{ id: string; created: boolean }> {
  const { tag1 = null, tag2 = null, tag3 = null } = input.tags;
  const [row] = await queryRows<{ id: string; created: boolean }>(
    db,
    sql`insert into contacts (phone, first_name, tag1, tag2, tag3, status, source, opted_in_at, opt_in_source)
        values (${input.phone}, ${input.name}, ${tag1}, ${tag2}, ${tag3}, 'active', 'web_form', now(), ${input.source})
        on conflict (phone) do update set
          first_name = coalesce(contacts.first_name, excluded.first_name),
          tag1 = coalesce(${tag1}, contacts.tag1),
          tag2 = coalesce(${tag2}, contacts.tag2),
          tag3 = coalesce(${tag3}, contacts.tag3),
          status = 'active', opted_out_at = null, opt_out_source = null, opted_in_at = now(), opted_in_by = null,
          opt_in_source = excluded.opt_in_source,
          opt_in_note = null, deleted_at = null, deleted_by = null, updated_at = now()
        returning id, (xmax = 0) as created`,
  );
  if (!row) throw new Error('contact upsert returned no row');
  return { id: row.id, created: row.created };
}

/** Opts an active contact out from the unsubscribe page; answers its id, or undefined when none was active. */
export async function optOutByWebForm(db: Executor, phone: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`update contacts set status = 'opted_out', opted_out_at = now(), opt_out_source = 'web_form', updated_at = now()
        where phone = ${phone} and status = 'active' returning id`,
  );
  return row?.id;
}

/** Whether an active contact has this number (the unsubscribe code goes only to them). */
export async function hasActiveContact(db: Executor, phone: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from contacts where phone = ${phone} and status = 'active'`);
  return rows.length > 0;
}

/** Appends a consent record. */
export async function insertConsent(
  db: Executor,
  values: {
    contactId: string;
    action: 'opt_in' | 'opt_out';
    /** web_form: the code typed on the site; sms_reply: the opt-in keyword sent back to the code's text message. */
    source?: 'web_form' | 'sms_reply';
    ip: string | null;
    userAgent: string | null;
    consentText: string | null;
    topics: string[];
  },
): Promise<void> {
  await db.execute(sql`insert into contact_consents (contact_id, action, source, ip, user_agent, consent_text, topics)
    values (${values.contactId}, ${values.action}, ${values.source ?? 'web_form'}, ${values.ip}, ${values.userAgent}, ${values.consentText}, ${JSON.stringify(values.topics)}::jsonb)`);
}

export interface ConsentRow {
  id: string;
  action: 'opt_in' | 'opt_out';
  source: string;
  at: Date | string;
  ip: string | null;
  user_agent: string | null;
  consent_text: string | null;
  topics: string[];
}

/** A contact's consent history, newest first. */
export async function listConsents(db: Executor, contactId: string): Promise<ConsentRow[]> {
  return queryRows<ConsentRow>(
    db,
    sql`select id, action, source, at, ip, user_agent, consent_text, topics from contact_consents where contact_id = ${contactId} order by at desc, id desc limit 200`,
  );
}

/** The newest code messages sent through a simulator gateway (what the simulated carrier received). */
export async function simulatorCodeMessages(db: Executor): Promise<Array<{ phone: string; body: string; queued_at: Date | string }>> {
  return queryRows(
    db,
    sql`select m.phone, m.body, m.queued_at from subscription_codes c
        join messages m on m.id = c.message_id join gateways g on g.id = m.gateway_id
        where g.kind = 'simulator' order by c.created_at desc limit 20`,
  );
}
