import type { BulkAction } from '@sms/contracts/contacts';
import { roleCan } from '@sms/contracts/policy';
import type { Role } from '@sms/contracts/roles';

/** The part of a user the policy looks at. */
interface Actor {
  role: Role;
}

/**
 * Who may do what with contacts, straight from the shared POLICY (contracts): read and update for
 * admins, managers and agents; create, delete and export for admins and managers; nothing for
 * viewers. A bulk action needs what the same change on one contact needs.
 */
export const contactPolicy = {
  read: (actor: Actor) => roleCan(actor.role, 'read', 'Contact'),
  create: (actor: Actor) => roleCan(actor.role, 'create', 'Contact'),
  update: (actor: Actor) => roleCan(actor.role, 'update', 'Contact'),
  delete: (actor: Actor) => roleCan(actor.role, 'delete', 'Contact'),
  export: (actor: Actor) => roleCan(actor.role, 'export', 'Contact'),
  bulk: (actor: Actor, action: BulkAction) => roleCan(actor.role, action === 'delete' ? 'delete' : 'update', 'Contact'),
};

export { ensure } from '../../platform/auth.ts';
