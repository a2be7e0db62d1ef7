import { z } from 'zod';

/** The `code` of the 503 every blocked API call answers while maintenance mode is on. */
export const MAINTENANCE_CODE = 'MAINTENANCE';

/** Longest maintenance message an administrator may write. */
export const MAINTENANCE_MESSAGE_MAX = 500;

/** What a blocked call says when the administrator left the message empty. */
export const DEFAULT_MAINTENANCE_MESSAGE = 'The platform is undergoing maintenance. Please try again shortly.';

/** How often the web app's maintenance page asks whether the mode has ended (milliseconds). */
export const MAINTENANCE_POLL_MS = 5_000;

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
