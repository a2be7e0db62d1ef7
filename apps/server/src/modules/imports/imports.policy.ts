import { roleCan } from '@sms/contracts/policy';
import type { Actor } from '../../platform/auth.ts';
import { Forbidden } from '../../platform/errors.ts';

/**
 * Who may do what with imports, from the shared POLICY: managers and admins upload, start and
 * cancel imports and read their history and error files; agents and viewers do none of it.
 */
export const importPolicy = {
  create: (actor: Actor) => roleCan(actor.role, 'create', 'Import'),
  read: (actor: Actor) => roleCan(actor.role, 'read', 'Import'),
  cancel: (actor: Actor) => roleCan(actor.role, 'update', 'Import'),
};

/** Throws 403 unless the actor may perform `action` on imports. */
export function ensureImportAllowed(actor: Actor, action: keyof typeof importPolicy): void {
  if (!importPolicy[action](actor)) throw new Forbidden('Only managers and administrators can import contacts.');
}
