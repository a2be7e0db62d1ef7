import type { ApiInboundMessage, ApiMessage } from '@sms/contracts/integration';
import type { MessageStatus } from '@sms/contracts/messages';
import type { ApiInboundRow } from './integration-inbound.queries.ts';
import type { ApiMessageRow } from './integration.queries.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** An API message row as /api/v1 shows it. */
export function presentApiMessage(row: ApiMessageRow): ApiMessage {
  const scheduled = row.next_attempt_at && Number(row.attempts) === 0 ? iso(row.next_attempt_at) : null;
  return {
    id: String(row.id),
    to: row.phone,
    status: row.status as MessageStatus,
    encoding: row.encoding === 'UCS-2' ? 'UCS-2' : 'GSM-7',
    segments: Number(row.segments ?? 1),
    priority: Number(row.priority) > 0 ? 'high' : 'normal',
    reference: row.reference,
    contactId: row.contact_id,
    createdAt: iso(row.queued_at) ?? '',
    scheduledAt: scheduled,
    sentAt: iso(row.sent_at),
    deliveredAt: iso(row.delivered_at),
    failedAt: iso(row.failed_at),
    error: row.error_code ? { code: row.error_code, message: row.error_text } : null,
    reply: row.reply_text !== null && row.replied_at ? { text: row.reply_text, at: iso(row.replied_at) ?? '' } : null,
    statusCallback: row.status_callback,
  };
}

/** An inbound message as /api/v1 shows it. */
export function presentApiInbound(row: ApiInboundRow): ApiInboundMessage {
  return {
    id: String(row.id),
    from: row.from_phone,
    to: row.to_address,
    body: row.body,
    receivedAt: iso(row.received_at) ?? '',
    contactId: row.contact_id,
    replyToMessageId: row.reply_to_message_id === null ? null : String(row.reply_to_message_id),
    campaignId: row.campaign_id,
    optedOut: row.opts_out === true,
  };
}
