import type { TicketReport } from '@sms/contracts/tickets';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { ticketsKeys } from './tickets-keys';

/** GET /api/tickets/report: response and resolution medians of the last `days` days. */
export const getTicketReport = (days: number, signal?: AbortSignal): Promise<TicketReport> =>
  apiGet<TicketReport>('/api/tickets/report', { params: { days }, signal });

export const useTicketReport = (days: number) =>
  useQuery({ queryKey: ticketsKeys.report(days), queryFn: ({ signal }) => getTicketReport(days, signal) });
