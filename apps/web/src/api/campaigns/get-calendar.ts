import type { CampaignCalendarResponse } from '@sms/contracts/campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** A calendar with a sending campaign refreshes this often (statuses change on their own). */
export const CALENDAR_POLL_MS = 15_000;

/** GET /api/campaigns/calendar: campaigns scheduled, launched or completed in [from, to). */
export const getCalendar = (from: string, to: string, signal?: AbortSignal): Promise<CampaignCalendarResponse> =>
  apiGet<CampaignCalendarResponse>('/api/campaigns/calendar', { params: { from, to }, signal });

export const calendarQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: campaignsKeys.calendar(from, to),
    queryFn: ({ signal }) => getCalendar(from, to, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((c) => c.status === 'sending') ? CALENDAR_POLL_MS : false),
  });

export const useCalendar = (from: string, to: string) => useQuery(calendarQueryOptions(from, to));
