import type { TicketSettings } from '@sms/contracts/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { ticketsKeys } from './tickets-keys';

/** PUT /api/tickets/settings. */
export const saveTicketSettings = (settings: TicketSettings): Promise<TicketSettings> =>
  apiPut<TicketSettings>('/api/tickets/settings', settings);

export function useSaveTicketSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTicketSettings,
    onSuccess: (settings) => queryClient.setQueryData(ticketsKeys.settings(), settings),
  });
}
