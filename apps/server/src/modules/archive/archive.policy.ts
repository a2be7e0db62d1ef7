import { roleCan } from '@sms/contracts/policy';
import type { Role } from '@sms/contracts/roles';

/**
 * Who runs the public archive: it is campaign work (decision 041), so the policy's Campaign
 * subject decides. Administrators and managers publish campaigns and write posts; agents read
 * the posts; viewers see neither. Visitors reach only /api/public, which needs no role.
 */
export const archivePolicy = {
  read: (role: Role) => roleCan(role, 'read', 'Campaign'),
  write: (role: Role) => roleCan(role, 'update', 'Campaign'),
};
