import { z } from 'zod';

/**
 * The sending hold (docs/decisions/072-restores-hold-sending.md): while it is set, nothing is
 * sent. A restore sets it (reason `restored`), an administrator may set it by hand before moving
 * the installation (`manual`); only an administrator lifts it.
 */
export const SENDING_HOLD_REASONS = ['restored', 'manual'] as const;
export type SendingHoldReason = (typeof SENDING_HOLD_REASONS)[number];

/** GET /api/sending-hold and the answers of holding and resuming. */
export const sendingHoldSchema = z.object({
  held: z.boolean(),
  /** When the hold began (ISO date-time), null when sending is not held. */
  since: z.string().nullable(),
  reason: z.enum(SENDING_HOLD_REASONS).nullable(),
});
export type SendingHold = z.infer<typeof sendingHoldSchema>;

/** POST /api/sending-hold/resume: how many campaigns the hold had paused went back to sending or their schedule. */
export const resumeSendingResponseSchema = sendingHoldSchema.extend({ campaignsResumed: z.number().int() });
export type ResumeSendingResponse = z.infer<typeof resumeSendingResponseSchema>;

/** 409 code of a campaign launch or resume while sending is held. */
export const SENDING_HELD_CODE = 'SENDING_HELD';
