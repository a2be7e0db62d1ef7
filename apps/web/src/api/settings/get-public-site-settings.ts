import type { PublicSiteSettings } from '@sms/contracts/public-site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

export const publicSiteSettingsKey = ['public-site-settings'] as const;

/** GET /api/settings/public-site (administrators and managers). */
export const getPublicSiteSettings = async (signal?: AbortSignal): Promise<PublicSiteSettings> =>
  (await apiGet<{ settings: PublicSiteSettings }>('/api/settings/public-site', { signal })).settings;

export const publicSiteSettingsQueryOptions = () =>
  queryOptions({ queryKey: publicSiteSettingsKey, queryFn: ({ signal }) => getPublicSiteSettings(signal) });

export const usePublicSiteSettings = () => useQuery(publicSiteSettingsQueryOptions());
