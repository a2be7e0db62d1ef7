/**
 * Days a deleted contact stays in the trash, restorable, before the lifecycle job deletes it for
 * good (decision 087). Zod-free, for the web app's pages (decision 064).
 */
export const TRASH_DAYS = 30;
