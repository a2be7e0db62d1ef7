import type { SendingHold } from '@sms/contracts/sending-hold';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

/**
 * Whether sending is on hold (after a restore, or held by an administrator; decision 072). Read
 * by the signed-in layout's banner and the backups tab's switch, so its query lives here.
 */
export const sendingHoldKey = ['sending-hold'] as const;

/** GET /api/sending-hold (any signed-in member of staff). */
export const getSendingHold = (signal?: AbortSignal): Promise<SendingHold> => apiGet<SendingHold>('/api/sending-hold', { signal });

/** How often the signed-in layout looks again: a hold set or lifted elsewhere shows within this. */
export const SENDING_HOLD_POLL_MS = 60_000;

export const sendingHoldQueryOptions = () =>
  queryOptions({ queryKey: sendingHoldKey, queryFn: ({ signal }) => getSendingHold(signal), refetchInterval: SENDING_HOLD_POLL_MS });

/** The sending hold, refreshed every minute. */
export const useSendingHold = () => useQuery(sendingHoldQueryOptions());
