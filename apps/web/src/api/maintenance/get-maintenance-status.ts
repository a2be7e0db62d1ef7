import type { MaintenanceStatus } from '@sms/contracts/maintenance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

/**
 * Maintenance mode is read by the maintenance page (polling until it ends), the app layout
 * (administrators' banner, everyone else's way to the maintenance page) and the settings tab that
 * switches it, so its query lives here.
 */
export const maintenanceStatusKey = ['maintenance-status'] as const;

/** GET /api/maintenance (public). */
export const getMaintenanceStatus = (signal?: AbortSignal): Promise<MaintenanceStatus> =>
  apiGet<MaintenanceStatus>('/api/maintenance', { signal });

/** How often the signed-in layout looks again (the maintenance page itself polls faster). */
export const LAYOUT_MAINTENANCE_POLL_MS = 30_000;

export const maintenanceStatusQueryOptions = (refetchInterval: number | false = LAYOUT_MAINTENANCE_POLL_MS) =>
  queryOptions({ queryKey: maintenanceStatusKey, queryFn: ({ signal }) => getMaintenanceStatus(signal), refetchInterval, staleTime: 0 });

/** Whether maintenance mode is on, refreshed every `refetchInterval` ms. */
export const useMaintenanceStatus = (refetchInterval: number | false = LAYOUT_MAINTENANCE_POLL_MS) =>
  useQuery(maintenanceStatusQueryOptions(refetchInterval));
