import type { BackupSchedule, BackupsStatus } from '@sms/contracts/data-lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { backupsKey } from './get-backups';

/** PUT /api/backups/schedule (administrators). */
export const updateBackupSchedule = (body: BackupSchedule): Promise<BackupsStatus> => apiPut<BackupsStatus>('/api/backups/schedule', body);

export function useUpdateBackupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBackupSchedule, onSuccess: (status) => queryClient.setQueryData(backupsKey, status) });
}
