import type { InvitationSentResponse } from '@sms/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { teamKeys } from './team-keys';

/** POST /api/team/invitations/{id}/resend: a new link (the old one stops working). */
export const resendInvitation = (id: string): Promise<InvitationSentResponse> =>
  apiPost<InvitationSentResponse>(`/api/team/invitations/${encodeURIComponent(id)}/resend`);

/** Sends an invitation again and refreshes the team. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
