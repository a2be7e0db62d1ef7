import type { ThreadMessage } from '@sms/contracts/inbox';
import type { HistoryRow, InboxContactRow } from './inbox.queries.ts';

/** A history row as the API shows it (the cursor travels as the page's nextCursor only). */
export function presentThreadMessage(row: HistoryRow): ThreadMessage {
  const { cursor: _cursor, ...message } = row;
  return message;
}

export function presentInboxContact(row: InboxContactRow) {
  return { contactId: row.id, firstName: row.firstName, lastName: row.lastName, phone: row.phone, optedOut: row.status === 'opted_out' };
}
