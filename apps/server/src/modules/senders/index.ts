// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { routeBySender, unlistedSenders } from './senders-routing.ts';
export { sendersRoutes } from './senders.routes.ts';
