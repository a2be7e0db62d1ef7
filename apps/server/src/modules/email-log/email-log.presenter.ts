import type { EmailLogEntry } from '@sms/contracts/email-log';
import type { EmailLogRow } from './email-log.queries.ts';

/** The `ref` of a contact-form answer: names the web message it answers. */
export const webMessageRef = (webMessageId: string) => `web-message:${webMessageId}`;

const webMessageOf = (row: EmailLogRow): string | null =>
  row.kind === 'web_reply' && row.ref?.startsWith('web-message:') ? row.ref.slice('web-message:'.length) : null;

/** Maps a log row to the API's entry (the body only where asked for: the list leaves it out). */
export function presentEmailLogEntry(row: EmailLogRow): EmailLogEntry {
  return {
    id: String(row.id),
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    smtpResponse: row.smtpResponse,
    error: row.error,
    webMessageId: webMessageOf(row),
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
