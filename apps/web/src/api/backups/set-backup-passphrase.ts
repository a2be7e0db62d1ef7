import type { BackupPassphrase, BackupsStatus } from '@sms/contracts/data-lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { backupsKey } from './get-backups';

/** PUT /api/backups/passphrase (administrators; audited): the passphrase backups are encrypted with, or null to stop. */
export const setBackupPassphrase = (body: BackupPassphrase): Promise<BackupsStatus> =>
  apiPut<BackupsStatus>('/api/backups/passphrase', body);

export function useSetBackupPassphrase() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setBackupPassphrase, onSuccess: (status) => queryClient.setQueryData(backupsKey, status) });
}
