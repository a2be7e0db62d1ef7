import type { SenderSettings } from '@sms/contracts/senders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../lib/api-client';
import { sendersKeys } from './senders-keys';

const PATH = '/api/senders/settings';

/** GET /api/senders/settings: the sender rule. */
export const useSenderSettings = () =>
  useQuery({ queryKey: sendersKeys.settings(), queryFn: ({ signal }) => apiGet<SenderSettings>(PATH, { signal }) });

/** PUT /api/senders/settings. */
export function useSaveSenderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SenderSettings) => apiPut<SenderSettings>(PATH, body),
    onSuccess: (settings) => queryClient.setQueryData(sendersKeys.settings(), settings),
  });
}
