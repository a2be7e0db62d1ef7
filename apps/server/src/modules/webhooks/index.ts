// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { retryDelayMs, WebhookDeliverer, type DisabledEndpoint } from './webhook-deliverer.ts';
// The address rule, the POST and the signature, for the integration API's status callbacks (decision 092).
export { webhookHostRefusal } from './webhook-address.ts';
export { eventBody } from './webhook-links.ts';
export { postWebhook } from './webhook-post.ts';
export { signWebhook } from './webhook-signature.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
// Fields a subscriber adds to an event its trigger wrote (a completed campaign's figures, decision 092).
export { addToPendingEvents } from './webhooks.queries.ts';
