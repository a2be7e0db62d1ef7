import type { TeamList, TeamQuery } from '@sms/contracts/team';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { teamKeys } from './team-keys';

/** GET /api/team: one page of the team (accounts and open invitations), by name. */
export const getTeam = (query: Partial<TeamQuery>, signal?: AbortSignal): Promise<TeamList> =>
  apiGet<TeamList>('/api/team', { params: query, signal });

export const teamQueryOptions = (query: Partial<TeamQuery>) =>
  queryOptions({ queryKey: teamKeys.list(query), queryFn: ({ signal }) => getTeam(query, signal), placeholderData: keepPreviousData });

/** A page of the team under filters. */
export const useTeam = (query: Partial<TeamQuery>) => useQuery(teamQueryOptions(query));
