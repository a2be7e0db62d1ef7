import { roleCan } from '@sms/contracts/policy';
import type { Role } from '@sms/contracts/roles';

/**
 * Who runs the public archive, from the shared POLICY: its posts are the ArchivePost subject
 * (administrators and managers); publishing a campaign there is changing the campaign (Campaign
 * update), reading whether it is published is reading the campaign. Visitors reach only
 * /api/public, which needs no role.
 */
export const archivePolicy = {
  readPosts: (role: Role) => roleCan(role, 'read', 'ArchivePost'),
  createPost: (role: Role) => roleCan(role, 'create', 'ArchivePost'),
  updatePost: (role: Role) => roleCan(role, 'update', 'ArchivePost'),
  deletePost: (role: Role) => roleCan(role, 'delete', 'ArchivePost'),
  readCampaign: (role: Role) => roleCan(role, 'read', 'Campaign'),
  publishCampaign: (role: Role) => roleCan(role, 'update', 'Campaign'),
};
