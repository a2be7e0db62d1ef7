import type { InvitationSentResponse, InviteBody } from '@sms/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { teamKeys } from './team-keys';

/** POST /api/team/invitations: invite someone (email, name, role). */
export const invite = (body: InviteBody): Promise<InvitationSentResponse> => apiPost<InvitationSentResponse>('/api/team/invitations', body);

/** Invites someone and refreshes the team. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: invite, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
