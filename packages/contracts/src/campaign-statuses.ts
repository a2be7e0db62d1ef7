// Without zod, so pages that need only the states need not load it (decision 064); campaigns.ts re-exports these.

/**
 * Campaign states (PRODUCT.md section 4): draft -> scheduled -> sending <-> paused -> completed;
 * cancelled from any state before completed; failed only when the gateway is unusable;
 * in_review: waiting for a manager's or admin's approval (decision 101), then launched or back to draft.
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'completed', 'cancelled', 'failed', 'in_review'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** States in which nothing changes any more. */
export const FINISHED_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['completed', 'cancelled', 'failed'];
/** States in which the campaign's settings may still be edited. */
export const EDITABLE_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['draft', 'scheduled'];
