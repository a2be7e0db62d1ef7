// Without zod, so the bell of every signed-in page need not load it (decision 064); notifications.ts re-exports it.
import { roleCan, type Subject } from './policy.ts';
import type { Role } from './roles.ts';

/** What a notification is about; each kind has one subject of the policy that decides who gets it. */
export const NOTIFICATION_KINDS = [
  'import_completed',
  'import_failed',
  'campaign_completed',
  'campaign_paused',
  'gateway_disconnected',
  'replies',
  /** Someone named the user with @ in a note on a contact (subject: the contact). */
  'note_mention',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The policy subject a user must be able to read to receive (and see) a notification of this kind. */
export const NOTIFICATION_SUBJECT: Record<NotificationKind, Exclude<Subject, 'all'>> = {
  import_completed: 'Import',
  import_failed: 'Import',
  campaign_completed: 'Campaign',
  campaign_paused: 'Campaign',
  gateway_disconnected: 'Gateway',
  replies: 'Inbox',
  note_mention: 'Note',
};

/** Whether a role may receive notifications of a kind (it may read what they are about). */
export function roleReceives(role: Role, kind: NotificationKind): boolean {
  return roleCan(role, 'read', NOTIFICATION_SUBJECT[kind]);
}

/** The kinds a role may receive, in display order. */
export const kindsForRole = (role: Role): NotificationKind[] => NOTIFICATION_KINDS.filter((kind) => roleReceives(role, kind));

/**
 * The page a notification opens (web app paths; e-mails prefix the public address): the import's
 * progress and result, the campaign, the gateways tab, the inbox, the contact a note is on.
 */
export function notificationPath(kind: NotificationKind, subjectId: string | null): string {
  const id = encodeURIComponent(subjectId ?? '');
  switch (kind) {
    case 'import_completed':
    case 'import_failed':
      return subjectId ? `/contacts/upload?import=${id}` : '/contacts/imports';
    case 'campaign_completed':
    case 'campaign_paused':
      return subjectId ? `/campaigns/${id}` : '/campaigns';
    case 'gateway_disconnected':
      return '/configurations?tab=gateways';
    case 'replies':
      return subjectId ? `/apps/chats?campaign=${id}` : '/apps/chats';
    case 'note_mention':
      return subjectId ? `/contacts/${id}` : '/apps/notes';
  }
}
