import { roleCan } from '@sms/contracts/policy';
import type { Role } from '@sms/contracts/roles';
import { Forbidden } from '../../platform/errors.ts';

/**
 * Who may do what with the brand. Everyone may read it, signed in or not (the sign-in page and
 * public pages show it); changing it follows the shared POLICY, i.e. administrators only.
 */
export const brandPolicy = {
  read: (_actor: { role: Role } | null) => true,
  update: (actor: { role: Role }) => roleCan(actor.role, 'update', 'Brand'),
};

/** Throws 403 unless the actor may change the brand. */
export function ensureCanUpdateBrand(actor: { role: Role }): void {
  if (!brandPolicy.update(actor)) throw new Forbidden('Only administrators can change the brand settings.');
}
