import { normalisePhone } from '@sms/contracts/phone';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import type { Clock, InboundSms } from '../../gateways/gateway.ts';
import { getMessagingSettings } from '../settings/index.ts';

/** Resolution of a Clock (milliseconds since the epoch). */
const CLOCK_RESOLUTION_MS = 1;

/**
 * The sender as E.164 when it reads as a phone number, by the rule contacts follow: bare digits
 * in the organisation's default country, or as an international number when they cannot be one
 * of its numbers; otherwise as it came (a short code, an alphanumeric sender, a wrong number).
 */
export function normaliseSender(from: string, defaultCountry: string | null): string {
  const trimmed = from.trim();
  const phone = normalisePhone(trimmed, defaultCountry);
  return phone.ok ? phone.e164 : trimmed;
}

/**
 * Stores inbound messages once each (the same gateway message id twice is one message), linked to
 * the contact with that number when there is one. Answers the ids of the rows newly stored, for
 * the inbound processing (keywords, reply matching) to pick up.
 *
 * received_at is the database's clock, like the sends it is compared with: now() less how long
 * the message waited in this process since the gateway stamped it, both read on `clock`, the
 * clock the gateway stamped with (so a process whose clock is off the database's by any amount
 * stores the same time). The wait is taken 1 ms short (the clock's resolution can make it look up
 * to 1 ms longer), so the time stored is never before the message arrived.
 */
export async function storeInbound(db: Executor, gatewayId: string, messages: InboundSms[], clock: Clock): Promise<string[]> {
  if (messages.length === 0) return [];
  const now = clock();
  const waitedMs = messages.map((message) => Math.max(0, now - message.receivedAt.getTime() - CLOCK_RESOLUTION_MS));
  const { defaultCountry } = await getMessagingSettings(db);
  const senders = messages.map((message) => normaliseSender(message.from, defaultCountry));
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`insert into inbound_messages (gateway_id, gateway_message_id, from_phone, to_address, body, received_at, contact_id)
        select ${gatewayId}, r.gid, r.sender, r.to_address, r.body, now() - make_interval(secs => r.waited_ms / 1000), c.id
        from unnest(${sql.param(messages.map((m) => m.gatewayMessageId))}::text[], ${sql.param(senders)}::text[],
                    ${sql.param(messages.map((m) => m.to))}::text[], ${sql.param(messages.map((m) => m.body))}::text[],
                    ${sql.param(waitedMs)}::float8[]) as r(gid, sender, to_address, body, waited_ms)
        left join contacts c on c.phone = r.sender
        on conflict (gateway_id, gateway_message_id) do nothing
        returning id`,
  );
  return rows.map((row) => String(row.id));
}
