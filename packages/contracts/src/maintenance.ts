import { z } from 'zod';
import { MAINTENANCE_MESSAGE_MAX } from './maintenance-constants.ts';

export * from './maintenance-constants.ts';

/** GET /api/maintenance (public): whether the mode is on and the administrator's message. */
export const maintenanceStatusSchema = z.object({
  enabled: z.boolean(),
  message: z.string(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

/** PUT /api/settings/maintenance (administrators). */
export const updateMaintenanceBodySchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  message: z
    .string({ error: 'message must be text' })
    .trim()
    .max(MAINTENANCE_MESSAGE_MAX, `message must be at most ${MAINTENANCE_MESSAGE_MAX} characters`)
    .default(''),
});
export type UpdateMaintenanceBody = z.infer<typeof updateMaintenanceBodySchema>;
