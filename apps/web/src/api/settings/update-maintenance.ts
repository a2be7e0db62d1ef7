import type { MaintenanceStatus, UpdateMaintenanceBody } from '@sms/contracts/maintenance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { maintenanceStatusKey } from '../maintenance/get-maintenance-status';

/** PUT /api/settings/maintenance (administrators). */
export const updateMaintenance = (body: UpdateMaintenanceBody): Promise<MaintenanceStatus> =>
  apiPut<MaintenanceStatus>('/api/settings/maintenance', body);

/** Switches maintenance mode; the banner and the tab see the new state at once. */
export function useUpdateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaintenance,
    onSuccess: (status) => queryClient.setQueryData(maintenanceStatusKey, status),
  });
}
