import type { SendingHold } from '@sms/contracts/sending-hold';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { sendingHoldKey } from './get-sending-hold';

/** POST /api/sending-hold (administrators): campaigns sending or scheduled pause, messages stay queued. */
export const holdSending = (): Promise<SendingHold> => apiPost<SendingHold>('/api/sending-hold');

/** Holds sending (before moving the installation); the banner shows at once, campaign views look again. */
export function useHoldSending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: holdSending,
    onSuccess: (hold) => {
      queryClient.setQueryData(sendingHoldKey, hold);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sendingHoldKey[0] });
    },
  });
}
