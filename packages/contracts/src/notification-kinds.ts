// Without zod, so the bell of every signed-in page need not load it (decision 064); notifications.ts re-exports it.
import { roleCan, type Action, type Subject } from './policy.ts';
import type { Role } from './roles.ts';

/** What a notification is about; each kind has one subject of the policy that decides who gets it. */
export const NOTIFICATION_KINDS = [
  'import_completed',
  'import_failed',
  'campaign_completed',
  'campaign_paused',
  'gateway_disconnected',
  'replies',
  /** A keyword rule's notify action (decision 104): one per reply and rule. */
  'keyword_rule',
  'campaign_approval_requested',
  'campaign_approval_rejected',
  'campaign_approved',
  /** Someone named the user with @ in a note on a contact (subject: the contact). */
  'note_mention',
  /** A monthly budget (the organisation's or an API key's) reached 80% or 100% (decision 109): once per month, budget and level. */
  'budget_warning',
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
  keyword_rule: 'Inbox',
  campaign_approval_requested: 'Campaign',
  campaign_approval_rejected: 'Campaign',
  campaign_approved: 'Campaign',
  note_mention: 'Note',
  budget_warning: 'Settings',
};

/** Kinds for which reading the subject is not enough: approval requests go to approvers, decisions to those who launch. */
const NOTIFICATION_ACTION: Partial<Record<NotificationKind, Action>> = {
  // Budgets are the administrators' (those who may change the settings).
  budget_warning: 'update',
  campaign_approval_requested: 'approve',
  campaign_approval_rejected: 'launch',
  campaign_approved: 'launch',
};

/** Whether a role may receive notifications of a kind (it may read what they are about). */
export function roleReceives(role: Role, kind: NotificationKind): boolean {
  return roleCan(role, NOTIFICATION_ACTION[kind] ?? 'read', NOTIFICATION_SUBJECT[kind]);
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
    case 'campaign_approval_requested':
    case 'campaign_approval_rejected':
    case 'campaign_approved':
      return subjectId ? `/campaigns/${id}` : '/campaigns';
    case 'gateway_disconnected':
      return '/configurations?tab=gateways';
    case 'replies':
      return subjectId ? `/apps/chats?campaign=${id}` : '/apps/chats';
    case 'keyword_rule':
      return subjectId ? `/apps/chats?contact=${id}` : '/apps/chats';
    case 'note_mention':
      return subjectId ? `/contacts/${id}` : '/apps/notes';
    case 'budget_warning':
      return '/dashboards/ecommerce';
  }
}
