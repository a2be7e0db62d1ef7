/**
 * The gateway error codes the help page explains, with what the platform does about each. The
 * server's own tables (apps/server/src/gateways/smpp/status-codes.ts, twilio/twilio-errors.ts)
 * decide; a server test checks that this reference says the same. Texts are translated in the web
 * app (help namespace), keyed by the code.
 */

/**
 * What happens to a message after the error: sent again later (`retry`), sent again after the
 * gateway slows down (`slowDown`), failed for good (`failed`), failed and the contact opted out
 * (`optOut`), or the gateway stops until an administrator fixes its settings (`unusable`).
 */
export const ERROR_HANDLINGS = ['retry', 'slowDown', 'failed', 'optOut', 'unusable'] as const;
export type ErrorHandling = (typeof ERROR_HANDLINGS)[number];

/** SMPP 3.4 command_status values operators meet most, by name. */
export const SMPP_ERROR_REFERENCE: ReadonlyArray<{ name: string; status: number; handling: ErrorHandling }> = [
  { name: 'ESME_RINVMSGLEN', status: 0x01, handling: 'failed' },
  { name: 'ESME_RSYSERR', status: 0x08, handling: 'retry' },
  { name: 'ESME_RINVSRCADR', status: 0x0a, handling: 'failed' },
  { name: 'ESME_RINVDSTADR', status: 0x0b, handling: 'failed' },
  { name: 'ESME_RBINDFAIL', status: 0x0d, handling: 'unusable' },
  { name: 'ESME_RINVPASWD', status: 0x0e, handling: 'unusable' },
  { name: 'ESME_RMSGQFUL', status: 0x14, handling: 'slowDown' },
  { name: 'ESME_RSUBMITFAIL', status: 0x45, handling: 'failed' },
  { name: 'ESME_RTHROTTLED', status: 0x58, handling: 'slowDown' },
  { name: 'ESME_RX_T_APPN', status: 0x64, handling: 'retry' },
  { name: 'ESME_RX_P_APPN', status: 0x65, handling: 'failed' },
];

/** Twilio error codes operators meet most (stored on messages as TWILIO_<code>). */
export const TWILIO_ERROR_REFERENCE: ReadonlyArray<{ code: number; handling: ErrorHandling }> = [
  { code: 20003, handling: 'unusable' },
  { code: 20429, handling: 'retry' },
  { code: 21211, handling: 'failed' },
  { code: 21408, handling: 'failed' },
  { code: 21610, handling: 'optOut' },
  { code: 21612, handling: 'failed' },
  { code: 21614, handling: 'failed' },
  { code: 30003, handling: 'failed' },
  { code: 30004, handling: 'failed' },
  { code: 30005, handling: 'failed' },
  { code: 30006, handling: 'failed' },
  { code: 30007, handling: 'failed' },
  { code: 30008, handling: 'failed' },
  { code: 63038, handling: 'retry' },
];

/** The sending engine's defaults the help page quotes (a server test checks them against the engine). */
export const DELIVERY_RETRY = {
  /** Attempts a message gets before a transient error fails it for good. */
  maxAttempts: 5,
  /** Gateway errors in a row after which a campaign pauses itself. */
  autoPauseAfter: 100,
} as const;
