import type { RetentionSettings } from '@sms/contracts/data-lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** PUT /api/settings/retention (administrators). */
export const updateRetention = (body: RetentionSettings): Promise<RetentionSettings> =>
  apiPut<RetentionSettings>('/api/settings/retention', body);

export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRetention, onSuccess: (saved) => queryClient.setQueryData(settingsKeys.retention(), saved) });
}
