import type { BackupsStatus } from '@sms/contracts/data-lifecycle';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

export const backupsKey = ['backups'] as const;

/** GET /api/backups (administrators): the schedule, the last result and the files. */
export const getBackups = (): Promise<BackupsStatus> => apiGet<BackupsStatus>('/api/backups');

export const useBackups = () => useQuery({ queryKey: backupsKey, queryFn: getBackups });
