import type { PublicSiteView } from '@sms/contracts/public-site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const publicSiteKey = ['public-site'] as const;

/** GET /api/public/site (public): the site's texts and topics, or only `enabled: false`. */
export const getPublicSite = (signal?: AbortSignal): Promise<PublicSiteView> => apiGet<PublicSiteView>('/api/public/site', { signal });

export const publicSiteQueryOptions = () => queryOptions({ queryKey: publicSiteKey, queryFn: ({ signal }) => getPublicSite(signal) });

/** The public site as visitors see it. */
export const usePublicSite = () => useQuery(publicSiteQueryOptions());
