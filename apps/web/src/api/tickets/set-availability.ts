import type { UserAvailability } from '@sms/contracts/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { ticketsKeys } from './tickets-keys';

/** PUT /api/tickets/availability. */
export const setAvailability = async (availability: UserAvailability): Promise<UserAvailability> =>
  (await apiPut<{ availability: UserAvailability }>('/api/tickets/availability', { availability })).availability;

/** Sets the signed-in user's availability; refreshes it and the agents list. */
export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvailability,
    onSuccess: (availability) => {
      queryClient.setQueryData(ticketsKeys.availability(), availability);
      void queryClient.invalidateQueries({ queryKey: ticketsKeys.agents() });
    },
  });
}
