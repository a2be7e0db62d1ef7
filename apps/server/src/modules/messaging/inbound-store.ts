import { normalisePhone } from '@sms/contracts/phone';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import type { InboundSms } from '../../gateways/gateway.ts';
import { getMessagingSettings } from '../settings/messaging-settings.ts';

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
 */
export async function storeInbound(db: Executor, gatewayId: string, messages: InboundSms[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const { defaultCountry } = await getMessagingSettings(db);
  const senders = messages.map((message) => normaliseSender(message.from, defaultCountry));
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`insert into inbound_messages (gateway_id, gateway_message_id, from_phone, to_address, body, received_at, contact_id)
        select ${gatewayId}, r.gid, r.sender, r.to_address, r.body, r.received_at, c.id
        from unnest(${sql.param(messages.map((m) => m.gatewayMessageId))}::text[], ${sql.param(senders)}::text[],
                    ${sql.param(messages.map((m) => m.to))}::text[], ${sql.param(messages.map((m) => m.body))}::text[],
                    ${sql.param(messages.map((m) => m.receivedAt.toISOString()))}::timestamptz[]) as r(gid, sender, to_address, body, received_at)
        left join contacts c on c.phone = r.sender
        on conflict (gateway_id, gateway_message_id) do nothing
        returning id`,
  );
  return rows.map((row) => String(row.id));
}
