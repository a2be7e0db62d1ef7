// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { accountRoutes } from './account.routes.ts';
export { enqueueNotice } from './notices/notice-queue.ts';
export { startNoticeWorker } from './notices/notice-worker.ts';
export { sessionRoutes } from './sign-in/session.routes.ts';
