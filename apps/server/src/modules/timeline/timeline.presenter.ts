import type { TimelineItem } from '@sms/contracts/contact-timeline';
import type { ContactSource, OptOutSource } from '@sms/contracts/contacts';
import type { MessageKind, MessageStatus } from '@sms/contracts/message-statuses';
import type { TicketStatus } from '@sms/contracts/tickets';
import type { TimelineCursor, TimelineRow } from './timeline.queries.ts';

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const person = (id: unknown, name: unknown) => (id ? { id: String(id), name: text(name) ?? 'Deleted user' } : null);
const campaign = (id: unknown, name: unknown) => (id ? { id: String(id), name: text(name) ?? '' } : null);

/** A row of the timeline's union as the API shows it: the kind's fields, named explicitly. */
export function presentTimelineItem(row: TimelineRow): TimelineItem {
  const d = row.data;
  const base = { key: row.key, at: iso(row.at) ?? '' };
  switch (row.kind) {
    case 'created':
      return {
        ...base,
        kind: 'created',
        source: d.source as ContactSource,
        import: d.importId ? { id: String(d.importId), fileName: text(d.importFile) ?? '' } : null,
        by: person(d.byId, d.byName),
      };
    case 'message':
      return {
        ...base,
        kind: 'message',
        messageKind: d.messageKind as MessageKind,
        campaign: campaign(d.campaignId, d.campaignName),
        status: d.status as MessageStatus,
        body: text(d.body),
        errorCode: text(d.errorCode),
        sentAt: iso(d.sentAt),
        deliveredAt: iso(d.deliveredAt),
      };
    case 'reply':
      return {
        ...base,
        kind: 'reply',
        body: text(d.body) ?? '',
        optsOut: d.optsOut === true,
        campaign: campaign(d.campaignId, d.campaignName),
      };
    case 'opt_out':
      return { ...base, kind: 'opt_out', source: (d.source ?? null) as OptOutSource | null };
    case 'opt_in':
      return {
        ...base,
        kind: 'opt_in',
        source: (d.source ?? null) as Extract<TimelineItem, { kind: 'opt_in' }>['source'],
        note: text(d.note),
        by: person(d.byId, d.byName),
      };
    case 'consent':
      return {
        ...base,
        kind: 'consent',
        action: d.action === 'opt_out' ? 'opt_out' : 'opt_in',
        source: text(d.source) ?? '',
        topics: Array.isArray(d.topics) ? d.topics.map(String) : [],
      };
    case 'note':
      return { ...base, kind: 'note', noteId: String(d.noteId), body: text(d.body) ?? '', author: person(d.authorId, d.authorName) };
    case 'conversation_assigned': {
      const details = (d.details ?? {}) as Record<string, unknown>;
      return {
        ...base,
        kind: 'conversation_assigned',
        from: person(details.from, d.fromName),
        to: person(details.to, d.toName),
        by: person(d.byId, d.byName),
        auto: details.auto === true,
      };
    }
    case 'conversation_status': {
      const details = (d.details ?? {}) as Record<string, unknown>;
      // An `opened` event that reopened a resolved conversation: a message from the contact did it.
      const reopened = d.event === 'opened';
      return {
        ...base,
        kind: 'conversation_status',
        from: reopened ? 'resolved' : ((details.from ?? null) as TicketStatus | null),
        to: reopened ? 'open' : (details.to as TicketStatus),
        by: person(d.byId, d.byName),
        reason: reopened || details.reason === 'inbound' ? 'inbound' : null,
        snoozedUntil: iso(details.snoozedUntil),
      };
    }
    default:
      throw new Error(`timeline: no presenter for the kind ${row.kind}`);
  }
}

/** The cursor of the page after `row`: its time and key, base64url (opaque to clients). */
export const cursorAfter = (row: TimelineRow): string => Buffer.from(`${row.us}|${row.key}`, 'utf8').toString('base64url');

/** Reads a cursor; null when it is not one of ours (the route answers 400 on `before`). */
export function parseCursor(value: string): TimelineCursor | null {
  const match = /^(\d{1,20})\|([a-z_]{1,20}-[0-9a-f-]{1,40})$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  return match?.[1] && match[2] ? { us: match[1], key: match[2] } : null;
}
