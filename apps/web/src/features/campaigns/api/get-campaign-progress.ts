import type { CampaignProgress, CampaignStatus } from '@sms/contracts/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** How often a live campaign's progress is polled. */
export const PROGRESS_POLL_MS = 2000;
/** How often a finished campaign is polled while delivery receipts may still arrive. */
export const RECEIPTS_POLL_MS = 5000;
/** Receipts are awaited this long after the campaign finished (carriers report within minutes). */
export const RECEIPTS_WINDOW_MS = 60 * 60 * 1000;

const LIVE: readonly CampaignStatus[] = ['scheduled', 'sending', 'paused'];

/** Whether a campaign may still change on its own (so its figures are worth polling). */
export const isCampaignLive = (status: CampaignStatus | undefined): boolean => status !== undefined && LIVE.includes(status);

/** GET /api/campaigns/{id}/progress: counts by status, rate, ETA and recent errors. */
export const getCampaignProgress = (id: string, signal?: AbortSignal): Promise<CampaignProgress> =>
  apiGet<CampaignProgress>(`/api/campaigns/${encodeURIComponent(id)}/progress`, { signal });

/** Whether a finished campaign may still see sent messages turn delivered or undelivered. */
export const awaitsReceipts = (progress: CampaignProgress | undefined, finishedAt: string | null, now: number = Date.now()): boolean =>
  progress !== undefined && progress.counts.sent > 0 && finishedAt !== null && now - new Date(finishedAt).getTime() < RECEIPTS_WINDOW_MS;

/** The poll interval: fast while live, slower while receipts of a finished campaign come in, else none. */
export function progressInterval(progress: CampaignProgress | undefined, finishedAt: string | null, now: number = Date.now()): number | false {
  if (isCampaignLive(progress?.status)) return PROGRESS_POLL_MS;
  return awaitsReceipts(progress, finishedAt, now) ? RECEIPTS_POLL_MS : false;
}

/** `finishedAt`: when the campaign completed or was cancelled (null while it runs). */
export const campaignProgressQueryOptions = (id: string, finishedAt: string | null = null) =>
  queryOptions({
    queryKey: campaignsKeys.progress(id),
    queryFn: ({ signal }) => getCampaignProgress(id, signal),
    // Live figures while scheduled, sending or paused; then a while longer for delivery receipts.
    refetchInterval: (query) => progressInterval(query.state.data, finishedAt),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

/** The live progress of a campaign on its detail page. */
export const useCampaignProgress = (id: string, enabled = true, finishedAt: string | null = null) => useQuery({ ...campaignProgressQueryOptions(id, finishedAt), enabled });
