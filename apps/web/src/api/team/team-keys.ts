import type { TeamQuery } from '@sms/contracts/team';

/** Query keys of the team (/apps/friends); an invitation made, sent again or withdrawn invalidates `teamKeys.all`. */
export const teamKeys = {
  all: ['team'] as const,
  lists: () => [...teamKeys.all, 'list'] as const,
  list: (query: Partial<TeamQuery>) => [...teamKeys.lists(), query] as const,
  invitation: (token: string) => [...teamKeys.all, 'invitation', token] as const,
};
