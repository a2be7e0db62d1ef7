import type { Executor } from '../../db/client.ts';
import type { DomainEventMap } from '../../platform/domain-events.ts';
import { readCampaignCounts } from '../campaigns/index.ts';
import { addToPendingEvents } from '../webhooks/index.ts';
import { campaignFigures } from './reports.presenter.ts';

/**
 * Subscriber of `campaign.status_changed`: the `campaign.completed` webhooks a completion wrote
 * (by trigger, in this transaction) carry the campaign's figures as the campaigns report shows
 * them at that moment (campaignFigures: one definition). Replies that come later are in the
 * report, not in the event.
 */
export async function addCompletedCampaignFigures(tx: Executor, event: DomainEventMap['campaign.status_changed']['event']): Promise<void> {
  const completed = event.changes.filter((change) => change.to === 'completed').map((change) => change.campaignId);
  if (completed.length === 0) return;
  const counts = await readCampaignCounts(tx, completed);
  for (const campaignId of completed) {
    const figures = counts.get(campaignId);
    if (figures)
      await addToPendingEvents(tx, {
        type: 'campaign.completed',
        key: 'campaignId',
        value: campaignId,
        add: { figures: campaignFigures(figures) },
      });
  }
}
