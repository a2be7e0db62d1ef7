import { roleCan } from '@sms/contracts/policy';
import type { Role } from '@sms/contracts/roles';

/** The parts of a user the policy looks at. */
interface Actor {
  id: string;
  role: Role;
}

/**
 * Who may do what with user accounts. Role rules come from the shared POLICY (contracts), so the
 * roles page and the web app's CASL abilities agree with what is enforced here; the extra rules
 * are about oneself (everyone may read and edit their own profile).
 */
export const userPolicy = {
  list: (actor: Actor) => roleCan(actor.role, 'read', 'User'),
  read: (actor: Actor, target: Actor) => actor.id === target.id || roleCan(actor.role, 'read', 'User'),
  /** Phone, last sign-in and two-step status of `target` (null: of anyone; managers read the team without them). */
  readSecurity: (actor: Actor, target: Actor | null) => actor.id === target?.id || roleCan(actor.role, 'readSecurity', 'User'),
  create: (actor: Actor) => roleCan(actor.role, 'create', 'User'),
  update: (actor: Actor, target: Actor) => actor.id === target.id || roleCan(actor.role, 'update', 'User'),
  /** Roles and status are an administrator's business, even on one's own account. */
  changeRoleOrStatus: (actor: Actor) => roleCan(actor.role, 'update', 'User'),
  delete: (actor: Actor) => roleCan(actor.role, 'delete', 'User'),
};

export { ensure } from '../../platform/auth.ts';
