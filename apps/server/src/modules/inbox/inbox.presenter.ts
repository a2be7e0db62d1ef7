import type { ThreadMessage } from '@sms/contracts/inbox';
import type { KeywordRuleApplication } from '@sms/contracts/keyword-rules';
import type { HistoryRow, InboxContactRow } from './inbox.queries.ts';

/** A history row as the API shows it (the cursor travels as the page's nextCursor only), with the keyword rules that applied to it. */
export function presentThreadMessage(row: HistoryRow, ruleApplications?: KeywordRuleApplication[]): ThreadMessage {
  const { cursor: _cursor, ...message } = row;
  return ruleApplications?.length ? { ...message, ruleApplications } : message;
}

export function presentInboxContact(row: InboxContactRow) {
  return { contactId: row.id, firstName: row.firstName, lastName: row.lastName, phone: row.phone, optedOut: row.status === 'opted_out' };
}
