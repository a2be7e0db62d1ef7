import { roleCan } from '@sms/contracts/policy';
import type { Actor } from '../../platform/auth.ts';

/**
 * Who may do what with the brand. Everyone may read it, signed in or not (the sign-in page and
 * public pages show it); changing it follows the shared POLICY, i.e. administrators only.
 */
export const brandPolicy = {
  read: (_actor: Actor | null) => true,
  update: (actor: Actor) => roleCan(actor.role, 'update', 'Brand'),
};
