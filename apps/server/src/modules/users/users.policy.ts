import { roleCan } from '@sms/contracts/policy';
import type { UserActor } from '../../platform/auth.ts';

/**
 * Who may do what with user accounts. Role rules come from the shared POLICY (contracts), so the
 * roles page and the web app's CASL abilities agree with what is enforced here; the extra rules
 * are about oneself (everyone may read and edit their own profile).
 */
export const userPolicy = {
  list: (actor: UserActor) => roleCan(actor.role, 'read', 'User'),
  read: (actor: UserActor, target: UserActor) => actor.id === target.id || roleCan(actor.role, 'read', 'User'),
  /** Phone, last sign-in and two-step status of `target` (null: of anyone; managers read the team without them). */
  readSecurity: (actor: UserActor, target: UserActor | null) => actor.id === target?.id || roleCan(actor.role, 'readSecurity', 'User'),
  create: (actor: UserActor) => roleCan(actor.role, 'create', 'User'),
  update: (actor: UserActor, target: UserActor) => actor.id === target.id || roleCan(actor.role, 'update', 'User'),
  /** Roles and status are an administrator's business, even on one's own account. */
  changeRoleOrStatus: (actor: UserActor) => roleCan(actor.role, 'update', 'User'),
  delete: (actor: UserActor) => roleCan(actor.role, 'delete', 'User'),
};

export { ensure } from '../../platform/auth.ts';
