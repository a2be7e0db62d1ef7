// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { startNotificationSweeper, type NotificationSweeper } from './notification-sweeper.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { notifyCampaignChanges } from './campaign-notifications.ts';
export { notifyKeywordRules } from './keyword-rule-notifications.ts';
export { notifyMentions, type MentionNotice } from './mention-notifications.ts';
export { notifyBudgetWarnings, type BudgetWarning } from './budget-notifications.ts';
