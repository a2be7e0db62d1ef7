import type { FollowerFilter } from '@sms/contracts/followers';

/** Query keys of followers: the list and the figures (totals and chart) of one filter. */
export const followersKeys = {
  all: ['followers'] as const,
  list: (query: FollowerFilter & { limit: number; skip: number }) => [...followersKeys.all, 'list', query] as const,
  stats: (filter: FollowerFilter) => [...followersKeys.all, 'stats', filter] as const,
};
