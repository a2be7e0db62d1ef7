import type { ConsentRecord, WebMessage } from '@sms/contracts/public-site';
import type { ConsentRow } from './subscriptions.queries.ts';
import type { WebMessageRow } from './web-messages.queries.ts';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A consent record as the API shows it. */
export function presentConsent(row: ConsentRow): ConsentRecord {
  return {
    id: row.id,
    action: row.action,
    source: row.source,
    at: iso(row.at),
    ip: row.ip,
    userAgent: row.user_agent,
    consentText: row.consent_text,
    topics: row.topics,
  };
}

/** A code message the simulator received. */
export function presentSimulatorMessage(row: { phone: string; body: string; queued_at: Date | string }) {
  return { phone: row.phone, body: row.body, queuedAt: iso(row.queued_at) };
}

/** A contact-form message as the inbox shows it. */
export function presentWebMessage(row: WebMessageRow): WebMessage {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    body: row.body,
    createdAt: iso(row.created_at),
    repliedAt: row.replied_at ? iso(row.replied_at) : null,
    replyBody: row.reply_body,
    replyChannel: row.reply_channel,
    replyStatus: row.reply_status,
  };
}
