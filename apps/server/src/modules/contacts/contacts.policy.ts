import type { BulkAction } from '@sms/contracts/contacts';
import { roleCan, type Action } from '@sms/contracts/policy';
import type { Actor } from '../../platform/auth.ts';

/** The cell of the shared policy each bulk action needs besides bulkEdit (tagging needs bulkTag alone). */
const BULK_CELL: Record<Exclude<BulkAction, 'setTag'>, Action> = { delete: 'delete', optOut: 'optOut', optIn: 'optIn' };

/**
 * Who may do what with contacts, straight from the shared POLICY (contracts): read, update and opt
 * out for admins, managers and agents; create, delete, export, a new number and opting back in for
 * admins and managers; nothing for viewers. Bulk: tagging for agents too; every other action needs
 * bulkEdit and what the same change on one contact needs.
 */
export const contactPolicy = {
  read: (actor: Actor) => roleCan(actor.role, 'read', 'Contact'),
  create: (actor: Actor) => roleCan(actor.role, 'create', 'Contact'),
  update: (actor: Actor) => roleCan(actor.role, 'update', 'Contact'),
  /** The parts of an update the policy guards beyond `update`. */
  updateChange: (actor: Actor, change: { phone: boolean; optOut: boolean; optIn: boolean }) =>
    (!change.phone || roleCan(actor.role, 'changePhone', 'Contact')) &&
    (!change.optOut || roleCan(actor.role, 'optOut', 'Contact')) &&
    (!change.optIn || roleCan(actor.role, 'optIn', 'Contact')),
  delete: (actor: Actor) => roleCan(actor.role, 'delete', 'Contact'),
  export: (actor: Actor) => roleCan(actor.role, 'export', 'Contact'),
  /** Right to erasure: whoever may delete contacts (admins and managers). */
  erase: (actor: Actor) => roleCan(actor.role, 'delete', 'Contact'),
  bulk: (actor: Actor, action: BulkAction) =>
    action === 'setTag'
      ? roleCan(actor.role, 'bulkTag', 'Contact')
      : roleCan(actor.role, 'bulkEdit', 'Contact') && roleCan(actor.role, BULK_CELL[action], 'Contact'),
};
