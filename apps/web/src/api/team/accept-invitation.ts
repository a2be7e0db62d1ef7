import type { AcceptInvitationBody } from '@sms/contracts/team';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/invitations/accept: sets the password and activates the account (the link works once). */
export const acceptInvitation = (body: AcceptInvitationBody): Promise<{ email: string; message: string }> =>
  apiPost<{ email: string; message: string }>('/api/invitations/accept', body);

/** Accepts an invitation. */
export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
