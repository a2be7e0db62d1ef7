import type { RetentionSettings } from '@sms/contracts/data-lifecycle';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

export const retentionKey = ['settings', 'retention'] as const;

/** GET /api/settings/retention (administrators). */
export const getRetention = (): Promise<RetentionSettings> => apiGet<RetentionSettings>('/api/settings/retention');

export const useRetention = () => useQuery({ queryKey: retentionKey, queryFn: getRetention });
