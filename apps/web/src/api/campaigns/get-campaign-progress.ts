import type { CampaignProgress, CampaignStatus } from '@sms/contracts/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** How often a live campaign's progress is polled. */
export const PROGRESS_POLL_MS = 2000;
/** How often a finished campaign is polled while delivery receipts may still arrive. */
export const RECEIPTS_POLL_MS = 5000;
/** Receipts are awaited this long after the campaign finished (carriers report within minutes). */
export const RECEIPTS_WINDOW_MS = 60 * 60 * 1000;
/** How often a finished campaign is polled while replies may still come (its reply window is open). */
export const REPLIES_POLL_MS = 15_000;

const LIVE: readonly CampaignStatus[] = ['scheduled', 'sending', 'paused'];

/** Whether a campaign may still change on its own (so its figures are worth polling). */
export const isCampaignLive = (status: CampaignStatus | undefined): boolean => status !== undefined && LIVE.includes(status);

/** GET /api/campaigns/{id}/progress: counts by status, rate, ETA and recent errors. */
export const getCampaignProgress = (id: string, signal?: AbortSignal): Promise<CampaignProgress> =>
  apiGet<CampaignProgress>(`/api/campaigns/${encodeURIComponent(id)}/progress`, { signal });

/** Whether a finished campaign may still see sent messages turn delivered or undelivered. */
export const awaitsReceipts = (progress: CampaignProgress | undefined, finishedAt: string | null, now: number = Date.now()): boolean =>
  progress !== undefined && progress.counts.sent > 0 && finishedAt !== null && now - new Date(finishedAt).getTime() < RECEIPTS_WINDOW_MS;

/** Whether replies to a finished campaign may still come: its last messages' reply window is open. */
export const awaitsReplies = (finishedAt: string | null, replyWindowHours: number, now: number = Date.now()): boolean =>
  finishedAt !== null && now - new Date(finishedAt).getTime() < replyWindowHours * 3_600_000;

/** The poll interval: fast while live, slower while receipts, then replies, of a finished campaign come in, else none. */
export function progressInterval(
  progress: CampaignProgress | undefined,
  finishedAt: string | null,
  now: number = Date.now(),
  replyWindowHours = 0,
): number | false {
  if (isCampaignLive(progress?.status)) return PROGRESS_POLL_MS;
  if (awaitsReceipts(progress, finishedAt, now)) return RECEIPTS_POLL_MS;
  return awaitsReplies(finishedAt, replyWindowHours, now) ? REPLIES_POLL_MS : false;
}

/** `finishedAt`: when the campaign completed or was cancelled (null while it runs). */
export const campaignProgressQueryOptions = (id: string, finishedAt: string | null = null, replyWindowHours = 0) =>
  queryOptions({
    queryKey: campaignsKeys.progress(id),
    queryFn: ({ signal }) => getCampaignProgress(id, signal),
    // Live figures while scheduled, sending or paused; then a while longer for delivery receipts and replies.
    refetchInterval: (query) => progressInterval(query.state.data, finishedAt, Date.now(), replyWindowHours),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

/** The live progress of a campaign on its detail page. */
export const useCampaignProgress = (id: string, enabled = true, finishedAt: string | null = null, replyWindowHours = 0) =>
  useQuery({ ...campaignProgressQueryOptions(id, finishedAt, replyWindowHours), enabled });
