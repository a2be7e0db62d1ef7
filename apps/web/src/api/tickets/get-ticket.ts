import type { Ticket } from '@sms/contracts/tickets';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { ticketsKeys } from './tickets-keys';

/** GET /api/tickets/{contactId}: one conversation's status, assignee, labels and priority. */
export const getTicket = async (contactId: string, signal?: AbortSignal): Promise<Ticket> =>
  (await apiGet<{ ticket: Ticket }>(`/api/tickets/${encodeURIComponent(contactId)}`, { signal })).ticket;

/** One conversation's ticket state (the inbox's thread header). */
export const useTicket = (contactId: string) =>
  useQuery({ queryKey: ticketsKeys.detail(contactId), queryFn: ({ signal }) => getTicket(contactId, signal) });
