import type { UserAvailability } from '@sms/contracts/tickets';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { ticketsKeys } from './tickets-keys';

/** GET /api/tickets/availability: the signed-in user's availability for new conversations. */
export const getAvailability = async (signal?: AbortSignal): Promise<UserAvailability> =>
  (await apiGet<{ availability: UserAvailability }>('/api/tickets/availability', { signal })).availability;

export const useAvailability = () => useQuery({ queryKey: ticketsKeys.availability(), queryFn: ({ signal }) => getAvailability(signal) });
