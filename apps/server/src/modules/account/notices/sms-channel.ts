import { normalisePhone } from '@sms/contracts/phone';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.ts';
import { findDefaultGateway } from '../../gateways/index.ts';
import { getMessagingSettings } from '../../settings/index.ts';

/**
 * Account notices by SMS: through the default gateway, when it is a real one. The built-in
 * simulator does not count (what it "delivers" reaches nobody), so on the embedded default
 * notices go to the outbox instead.
 */
export async function smsGatewayFor(db: Executor): Promise<{ id: string } | undefined> {
  const gateway = await findDefaultGateway(db);
  return gateway && gateway.enabled && gateway.kind !== 'simulator' ? { id: gateway.id } : undefined;
}

/** A user's phone in E.164 (the default country applies to local numbers), or undefined. */
export async function phoneForSms(db: Executor, phone: string | null): Promise<string | undefined> {
  if (!phone) return undefined;
  const normalised = normalisePhone(phone, (await getMessagingSettings(db)).defaultCountry);
  return normalised.ok ? normalised.e164 : undefined;
}

/**
 * Queues a one-off 'notice' message for the sending engine (like a test send: no campaign, the
 * body stored). The messages API never shows notices. Answers the message id.
 */
export async function queueNoticeSms(
  db: Executor,
  input: { gatewayId: string; phone: string; text: string; userId: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`insert into messages (kind, gateway_id, phone, body, created_by)
        values ('notice', ${input.gatewayId}, ${input.phone}, ${input.text}, ${input.userId}) returning id`,
  );
  return String(row?.id);
}

/** "+44 •••• ••34": enough for the owner to recognise, too little for anyone else. */
export function maskPhone(e164: string): string {
  return `${e164.slice(0, 3)} •••• ••${e164.slice(-2)}`;
}
