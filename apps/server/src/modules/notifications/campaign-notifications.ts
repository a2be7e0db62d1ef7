import type { Executor } from '../../db/client.ts';
import type { CampaignStatusChange } from '../../platform/domain-events.ts';
import { completedCampaignsAmong, fanOut, selfPausedCampaignsAmong } from './sweep.queries.ts';

/**
 * Subscriber of the engine's `campaign.status_changed` (decision 088): a campaign that completed or
 * paused itself is in the bell of the users who may read campaigns in the transaction that moved
 * it, not at the next sweep. Same rows and keys as the sweep's (decision 057), which still looks
 * and finds them written (one row per user and event); e-mails asked for go with the next sweep.
 * `emailAvailable`: SMTP_URL is set.
 */
export function notifyCampaignChanges(emailAvailable: boolean) {
  return async (tx: Executor, event: { changes: CampaignStatusChange[] }): Promise<void> => {
    const ids = (to: CampaignStatusChange['to']) => event.changes.filter((change) => change.to === to).map((change) => change.campaignId);
    const completed = ids('completed');
    if (completed.length > 0) await fanOut(tx, 'campaign_completed', completedCampaignsAmong(completed), emailAvailable);
    const paused = event.changes.filter((change) => change.to === 'paused' && change.reason !== null).map((change) => change.campaignId);
    if (paused.length > 0) await fanOut(tx, 'campaign_paused', selfPausedCampaignsAmong(paused), emailAvailable);
  };
}
