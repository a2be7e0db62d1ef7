// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { getPublicSiteSettings, requirePublicSiteOn } from './public-site-settings.ts';
export { publicSiteRoutes } from './public-site.routes.ts';
export { webMessagesRoutes } from './web-messages.routes.ts';
export { pricingRoutes } from './pricing.routes.ts';
export { confirmSubscriptionsByReply } from './subscriptions.service.ts';
export { startWebMessageMail } from './web-message-mail.ts';
export { startSubscriptionCodeSender } from './subscription-code-sender.ts';
export { publicPageMeta } from './page-meta.ts';
