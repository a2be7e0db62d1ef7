import type { RetentionSettings } from '@sms/contracts/data-lifecycle';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/settings/retention (administrators). */
export const getRetention = (): Promise<RetentionSettings> => apiGet<RetentionSettings>('/api/settings/retention');

export const useRetention = () => useQuery({ queryKey: settingsKeys.retention(), queryFn: getRetention });
