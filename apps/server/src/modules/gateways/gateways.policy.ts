import { roleCan } from '@sms/contracts/policy';
import type { Actor } from '../../platform/auth.ts';

/** Gateways: admins configure them; managers see them (to choose one for a campaign). */
export const gatewayPolicy = {
  read: (actor: Actor) => roleCan(actor.role, 'read', 'Gateway'),
  manage: (actor: Actor) =>
    roleCan(actor.role, 'update', 'Gateway') && roleCan(actor.role, 'create', 'Gateway') && roleCan(actor.role, 'delete', 'Gateway'),
};
