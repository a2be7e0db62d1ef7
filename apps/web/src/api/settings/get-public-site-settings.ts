import type { PublicSiteSettings } from '@sms/contracts/public-site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/settings/public-site (administrators and managers). */
export const getPublicSiteSettings = async (signal?: AbortSignal): Promise<PublicSiteSettings> =>
  (await apiGet<{ settings: PublicSiteSettings }>('/api/settings/public-site', { signal })).settings;

export const publicSiteSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.publicSite(), queryFn: ({ signal }) => getPublicSiteSettings(signal) });

export const usePublicSiteSettings = () => useQuery(publicSiteSettingsQueryOptions());
