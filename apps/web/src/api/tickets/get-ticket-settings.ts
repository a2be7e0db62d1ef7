import type { TicketSettings } from '@sms/contracts/tickets';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { ticketsKeys } from './tickets-keys';

/** GET /api/tickets/settings. */
export const getTicketSettings = (signal?: AbortSignal): Promise<TicketSettings> =>
  apiGet<TicketSettings>('/api/tickets/settings', { signal });

export const useTicketSettings = () => useQuery({ queryKey: ticketsKeys.settings(), queryFn: ({ signal }) => getTicketSettings(signal) });
