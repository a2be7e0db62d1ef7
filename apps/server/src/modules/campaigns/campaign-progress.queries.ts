import { statusReasonView } from '@sms/contracts/campaign-status-reason';
import type { CampaignCounts, CampaignProgress } from '@sms/contracts/campaigns';
import { handedOver } from '@sms/contracts/messages';
import { replyFigures } from '@sms/contracts/reply-figures';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { currentGatewayLinks } from '../gateways/index.ts';
import { readOneCampaignCounts } from './campaign-counts.queries.ts';
import type { CampaignRow } from './campaigns.queries.ts';

/** Messages handed to the gateway per second over the last minute (from the dispatch log). */
async function recentRate(db: Executor, campaignId: string): Promise<number> {
  const [row] = await queryRows<{ handed: number; span: number }>(
    db,
    sql`select coalesce(sum(handed), 0)::int as handed,
               greatest(extract(epoch from now() - min(at))::float8, 1) as span
        from dispatch_batches where campaign_id = ${campaignId} and at > now() - interval '60 seconds'`,
  );
  if (!row || row.handed === 0) return 0;
  // Over a minute, or over the time since the first batch when the campaign started less than a minute ago.
  return Math.round((row.handed / Math.min(60, Number(row.span))) * 10) / 10;
}

/** The latest distinct errors of a campaign (errors are rare, so the partial index keeps this small). */
async function recentErrors(db: Executor, campaignId: string): Promise<CampaignProgress['recentErrors']> {
  const rows = await queryRows<{ code: string; text: string | null; count: number; last_at: string | Date | null }>(
    db,
    sql`select error_code as code, (array_agg(error_text order by id desc))[1] as text, count(*)::int as count,
               max(coalesce(failed_at, sent_at, queued_at)) as last_at
        from (select id, error_code, error_text, failed_at, sent_at, queued_at from messages
              where campaign_id = ${campaignId} and error_code is not null order by id desc limit 2000) latest
        group by error_code order by max(id) desc limit 5`,
  );
  return rows.map((row) => ({
    code: row.code,
    text: row.text,
    count: row.count,
    lastAt: row.last_at ? new Date(row.last_at).toISOString() : null,
  }));
}

/**
 * A finished campaign's average rate: messages handed to the gateway per second from the start of
 * sending (launch, or the scheduled time) to its end; null while it runs.
 */
export function averageRate(campaign: CampaignRow, counts: CampaignCounts): number | null {
  const ended = campaign.completedAt ?? campaign.cancelledAt ?? (campaign.status === 'failed' ? campaign.updatedAt : null);
  if (!ended || !campaign.launchedAt) return null;
  const started = Math.max(campaign.launchedAt.getTime(), campaign.scheduledAt?.getTime() ?? 0);
  const seconds = (ended.getTime() - started) / 1000;
  return seconds > 0 ? Math.round((handedOver(counts) / seconds) * 10) / 10 : null;
}

/** Live figures of a campaign for its page: counts and reply figures, rate (or average once finished), ETA, recent errors, and its gateway's link while it is down. */
export async function campaignProgress(db: Executor, campaign: CampaignRow): Promise<CampaignProgress> {
  const [counts, ratePerSecond, errors, links] = await Promise.all([
    readOneCampaignCounts(db, campaign.id),
    recentRate(db, campaign.id),
    recentErrors(db, campaign.id),
    campaign.gatewayId ? currentGatewayLinks(db, [campaign.gatewayId]) : Promise.resolve(new Map()),
  ]);
  const remaining = counts.queued + counts.sending;
  const eta =
    campaign.status === 'sending' && ratePerSecond > 0 && remaining > 0
      ? new Date(Date.now() + (remaining / ratePerSecond) * 1000).toISOString()
      : null;
  const link = campaign.gatewayId ? links.get(campaign.gatewayId) : undefined;
  return {
    status: campaign.status,
    statusReason: statusReasonView(campaign.statusReason),
    audienceReady: campaign.audienceReadyAt !== null,
    counts,
    ratePerSecond,
    averageRatePerSecond: averageRate(campaign, counts),
    replies: replyFigures(counts),
    gatewayDown: link && link.state !== 'connected' ? link : null,
    eta,
    recentErrors: errors,
  };
}
