import type { InvitationLookupResponse } from '@sms/contracts/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { teamKeys } from './team-keys';

/** POST /api/invitations/lookup: who an invitation link is for (400 with the reason when it does not open one). */
export const lookupInvitation = (token: string, signal?: AbortSignal): Promise<InvitationLookupResponse> =>
  apiPost<InvitationLookupResponse>('/api/invitations/lookup', { token }, { signal });

export const invitationLookupQueryOptions = (token: string) =>
  queryOptions({ queryKey: teamKeys.invitation(token), queryFn: ({ signal }) => lookupInvitation(token, signal), retry: false });

/** The invitation a link opens (the page that accepts it). */
export const useInvitationLookup = (token: string) => useQuery({ ...invitationLookupQueryOptions(token), enabled: token !== '' });
