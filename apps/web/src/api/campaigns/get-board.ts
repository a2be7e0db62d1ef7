import type { BoardResponse } from '@sms/contracts/campaign-approval';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** A board with a sending campaign refreshes this often (statuses change on their own). */
export const BOARD_POLL_MS = 15_000;

/** GET /api/campaigns/board: campaigns by column, with recipients, author, schedule and approval state. */
export const getBoard = (signal?: AbortSignal): Promise<BoardResponse> => apiGet<BoardResponse>('/api/campaigns/board', { signal });

export const boardQueryOptions = () =>
  queryOptions({
    queryKey: campaignsKeys.board(),
    queryFn: ({ signal }) => getBoard(signal),
    refetchInterval: (query) => (query.state.data?.data.some((card) => card.status === 'sending') ? BOARD_POLL_MS : false),
  });

export const useBoard = () => useQuery(boardQueryOptions());
