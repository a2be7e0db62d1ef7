import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { teamKeys } from './team-keys';

/** DELETE /api/team/invitations/{id}: withdraws an open invitation. */
export const revokeInvitation = (id: string): Promise<void> => apiDelete(`/api/team/invitations/${encodeURIComponent(id)}`);

/** Withdraws an invitation and refreshes the team. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
