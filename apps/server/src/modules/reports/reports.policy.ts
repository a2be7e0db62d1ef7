import { roleCan } from '@sms/contracts/policy';
import type { Actor } from '../../platform/auth.ts';

/**
 * Who may see and export reports, from the shared POLICY: every role reads them (viewers see
 * campaigns only here, phone numbers masked), exports need `export Report`, and a follow-up is a
 * new campaign.
 */
export const reportPolicy = {
  read: (actor: Actor) => roleCan(actor.role, 'read', 'Report'),
  export: (actor: Actor) => roleCan(actor.role, 'export', 'Report'),
  /** Whole phone numbers; without it (viewers) reports, their exports and the dashboard mask them. */
  readPhone: (actor: Actor) => roleCan(actor.role, 'readPhone', 'Report'),
  followUp: (actor: Actor) => roleCan(actor.role, 'create', 'Campaign'),
};
