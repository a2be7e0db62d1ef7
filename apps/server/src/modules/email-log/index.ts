// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { emailLogRoutes } from './email-log.routes.ts';
export { clearOldEmailBodies, deleteOldEmailLog, recordUnsent } from './email-log.queries.ts';
export { webMessageRef } from './email-log.presenter.ts';
export { createMailer, type Mail, type Mailer } from './mailer.ts';
