import { roleCan } from '@sms/contracts/policy';
import type { Actor } from '../../platform/auth.ts';

/**
 * Who may do what with account security. The role rules come from the shared POLICY: security
 * settings and the mail outbox (which holds reset links, i.e. access to accounts) need the right
 * to change settings (admins); resetting someone else's password or two-step enrolment needs the
 * right to change users (admins). Everyone manages their own two-step verification and preferences.
 */
export const accountPolicy = {
  /** Managers read them too (what the team's sign-in rules are), without changing them. */
  readSecuritySettings: (actor: Actor) => roleCan(actor.role, 'read', 'Settings'),
  manageSecuritySettings: (actor: Actor) => roleCan(actor.role, 'update', 'Settings'),
  readOutbox: (actor: Actor) => roleCan(actor.role, 'update', 'Settings'),
  resetOthers: (actor: Actor) => roleCan(actor.role, 'update', 'User'),
};
