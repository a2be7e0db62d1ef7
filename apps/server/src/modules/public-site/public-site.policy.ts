import { roleCan } from '@sms/contracts/policy';
import type { Role } from '@sms/contracts/roles';

/**
 * Who edits the public site: the policy's Settings subject (administrators change it, managers
 * read it). Visitors reach only /api/public, which needs no role.
 */
export const publicSitePolicy = {
  read: (role: Role) => roleCan(role, 'read', 'Settings'),
  update: (role: Role) => roleCan(role, 'update', 'Settings'),
};
