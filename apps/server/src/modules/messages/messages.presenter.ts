import type { OutboundMessage } from '@sms/contracts/messages';
import type { MessageRow } from './messages.queries.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Maps a messages row to the API's OutboundMessage (gateway internals stay on the server). */
export function presentOutboundMessage(row: MessageRow): OutboundMessage {
  return {
    id: String(row.id),
    kind: row.kind,
    campaignId: row.campaignId,
    contactId: row.contactId,
    phone: row.phone,
    body: row.body,
    status: row.status,
    errorCode: row.errorCode,
    errorText: row.errorText,
    attempts: row.attempts,
    segments: row.segments,
    encoding: row.encoding === 'GSM-7' || row.encoding === 'UCS-2' ? row.encoding : null,
    queuedAt: row.queuedAt.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    failedAt: iso(row.failedAt),
  };
}
