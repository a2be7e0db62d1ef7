import type { BackupResult } from '@sms/contracts/data-lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { backupsKey } from './get-backups';

/** POST /api/backups (administrators): a backup now, answered when it is written. */
export const backUpNow = (): Promise<BackupResult> => apiPost<BackupResult>('/api/backups');

export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: backUpNow, onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }) });
}
