import type { PublicSiteSettings, UpdatePublicSiteBody } from '@sms/contracts/public-site';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { publicSiteKeys } from '../public-site/public-site-keys';
import { settingsKeys } from './settings-keys';

/** PUT /api/settings/public-site (administrators). */
export const updatePublicSiteSettings = async (body: UpdatePublicSiteBody): Promise<PublicSiteSettings> =>
  (await apiPut<{ settings: PublicSiteSettings }>('/api/settings/public-site', body)).settings;

/** Saves the public site; the tab and the public pages see the change at once. */
export function useUpdatePublicSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublicSiteSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.publicSite(), settings);
      void queryClient.invalidateQueries({ queryKey: publicSiteKeys.site() });
    },
  });
}
