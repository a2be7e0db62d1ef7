import { roleCan } from '@sms/contracts/policy';
import type { Actor } from '../../platform/auth.ts';

/** Who may use the inbox, from the shared POLICY: admins, managers and agents; viewers not at all. */
export const inboxPolicy = {
  read: (actor: Actor) => roleCan(actor.role, 'read', 'Inbox'),
  /** Sending a reply. */
  reply: (actor: Actor) => roleCan(actor.role, 'create', 'Inbox'),
  /** Marking a conversation read. */
  markRead: (actor: Actor) => roleCan(actor.role, 'update', 'Inbox'),
};
