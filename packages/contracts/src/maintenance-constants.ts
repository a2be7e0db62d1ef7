// Without zod, so the first pages need not load it (decision 064); maintenance.ts re-exports it.

/** The `code` of the 503 every blocked API call answers while maintenance mode is on. */
export const MAINTENANCE_CODE = 'MAINTENANCE';

/** Longest maintenance message an administrator may write. */
export const MAINTENANCE_MESSAGE_MAX = 500;

/** What a blocked call says when the administrator left the message empty. */
export const DEFAULT_MAINTENANCE_MESSAGE = 'The platform is undergoing maintenance. Please try again shortly.';

/** How often the web app's maintenance page asks whether the mode has ended (milliseconds). */
export const MAINTENANCE_POLL_MS = 5_000;
