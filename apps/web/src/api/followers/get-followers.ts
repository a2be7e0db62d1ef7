import type { Follower, FollowerFilter } from '@sms/contracts/followers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { followersKeys } from './followers-keys';

export type FollowersQuery = FollowerFilter & { limit: number; skip: number };

/** GET /api/followers: a page of the public site's subscribers (one row per subscription and topic). */
export const getFollowers = (query: FollowersQuery, signal?: AbortSignal) =>
  apiGet<{ data: Follower[]; total: number }>('/api/followers', { params: query, signal });

/** A page of followers for the filter. */
export const useFollowers = (query: FollowersQuery) =>
  useQuery({
    queryKey: followersKeys.list(query),
    queryFn: ({ signal }) => getFollowers(query, signal),
    placeholderData: keepPreviousData,
  });
