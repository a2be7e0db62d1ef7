import type { TicketAgent } from '@sms/contracts/tickets';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { ticketsKeys } from './tickets-keys';

/** GET /api/tickets/agents: who a conversation may be assigned to. */
export const getTicketAgents = async (signal?: AbortSignal): Promise<TicketAgent[]> =>
  (await apiGet<{ data: TicketAgent[] }>('/api/tickets/agents', { signal })).data;

/** The assignable staff, with their availability. */
export const useTicketAgents = () =>
  useQuery({ queryKey: ticketsKeys.agents(), queryFn: ({ signal }) => getTicketAgents(signal), staleTime: 60_000 });
