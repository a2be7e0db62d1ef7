import type { FollowerFilter, FollowerStats } from '@sms/contracts/followers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { followersKeys } from './followers-keys';

/** GET /api/followers/stats: totals per topic and the growth chart's days. */
export const getFollowerStats = (filter: FollowerFilter, signal?: AbortSignal) =>
  apiGet<FollowerStats>('/api/followers/stats', { params: filter, signal });

/** The filter's follower figures. */
export const useFollowerStats = (filter: FollowerFilter) =>
  useQuery({
    queryKey: followersKeys.stats(filter),
    queryFn: ({ signal }) => getFollowerStats(filter, signal),
    placeholderData: keepPreviousData,
  });
