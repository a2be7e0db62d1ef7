import type { ResumeSendingResponse } from '@sms/contracts/sending-hold';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { sendingHoldKey } from './get-sending-hold';

/** POST /api/sending-hold/resume (administrators): campaigns the hold paused go on, queued messages leave. */
export const resumeSending = (): Promise<ResumeSendingResponse> => apiPost<ResumeSendingResponse>('/api/sending-hold/resume');

/** Resumes sending; the banner goes at once, and every view showing a campaign's status looks again. */
export function useResumeSending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSending,
    onSuccess: ({ held, since, reason }) => {
      queryClient.setQueryData(sendingHoldKey, { held, since, reason });
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sendingHoldKey[0] });
    },
  });
}
