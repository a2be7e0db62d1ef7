import { roleCan } from '@sms/contracts/policy';
import type { Actor } from '../../platform/auth.ts';

/**
 * Who may do what with campaigns, from the shared POLICY: admins and managers compose, launch,
 * pause, resume, cancel and delete; agents read; viewers see campaigns only through reports.
 */
export const campaignPolicy = {
  read: (actor: Actor) => roleCan(actor.role, 'read', 'Campaign'),
  create: (actor: Actor) => roleCan(actor.role, 'create', 'Campaign'),
  update: (actor: Actor) => roleCan(actor.role, 'update', 'Campaign'),
  delete: (actor: Actor) => roleCan(actor.role, 'delete', 'Campaign'),
  /** Launch, pause, resume, cancel and test sends: anything that makes messages move. */
  launch: (actor: Actor) => roleCan(actor.role, 'launch', 'Campaign'),
};
