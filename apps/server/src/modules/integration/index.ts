// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { integrationMessagesRoutes } from './integration.routes.ts';
export { integrationContactsRoutes } from './integration-contacts.routes.ts';
export { integrationInboundRoutes } from './integration-inbound.routes.ts';
export { apiMessageCountsSince } from './integration.queries.ts';
export { StatusCallbackDeliverer } from './status-callback-deliverer.ts';
