import type { Ticket, UpdateTicketBody } from '@sms/contracts/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../lib/api-client';
import { inboxKeys } from '../inbox/inbox-keys';
import { ticketsKeys } from './tickets-keys';

/** PATCH /api/tickets/{contactId}. */
export const updateTicket = async ({ contactId, body }: { contactId: string; body: UpdateTicketBody }): Promise<Ticket> =>
  (await apiPatch<{ ticket: Ticket }>(`/api/tickets/${encodeURIComponent(contactId)}`, body)).ticket;

/** Changes a conversation; refreshes the tickets and the inbox's conversation list (its chips). */
export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketsKeys.detail(ticket.contactId), ticket);
      void queryClient.invalidateQueries({ queryKey: ticketsKeys.all });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.conversations() });
    },
  });
}
