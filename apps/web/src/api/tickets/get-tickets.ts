import type { TicketList, TicketListQuery } from '@sms/contracts/tickets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { ticketsKeys } from './tickets-keys';

/** GET /api/tickets: one page of conversations as tickets (a view and filters). */
export const getTickets = (query: TicketListQuery, signal?: AbortSignal): Promise<TicketList> =>
  apiGet<TicketList>('/api/tickets', { params: query, signal });

/** A page of tickets; refreshed every 30 s (replies reopen conversations meanwhile). */
export const useTickets = (query: TicketListQuery) =>
  useQuery({
    queryKey: ticketsKeys.list(query),
    queryFn: ({ signal }) => getTickets(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
