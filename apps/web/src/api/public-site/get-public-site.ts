import type { PublicSiteView } from '@sms/contracts/public-site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { serverState } from '../../lib/server-rendering/server-state';
import { publicSiteKeys } from './public-site-keys';

/** GET /api/public/site (public): the site's texts and topics, or only `enabled: false`. */
export const getPublicSite = (signal?: AbortSignal): Promise<PublicSiteView> => apiGet<PublicSiteView>('/api/public/site', { signal });

/** The answer asked for at start-up with the public site's code (`prefetchPublicSite`), used once as the query's first data. */
let prefetched: { view: PublicSiteView; at: number } | undefined;

/**
 * Asks for the site at start-up, beside the public site's code, so that its frame's first render has
 * the answer and commits the page, not a loader first (decision 047). Never rejects: on failure the
 * query asks again and shows its error as before.
 */
export const prefetchPublicSite = (): Promise<void> =>
  // A page the server rendered carries the answer already (server-state.ts).
  serverState()
    ? Promise.resolve()
    : getPublicSite().then(
        (view) => {
          prefetched = { view, at: Date.now() };
        },
        () => undefined,
      );

const takePrefetched = () => {
  const answer = prefetched;
  prefetched = undefined;
  return answer;
};

export const publicSiteQueryOptions = () => {
  const first = takePrefetched();
  return queryOptions({
    queryKey: publicSiteKeys.site(),
    queryFn: ({ signal }) => getPublicSite(signal),
    initialData: first?.view,
    initialDataUpdatedAt: first?.at,
  });
};

/** The public site as visitors see it. */
export const usePublicSite = () => useQuery(publicSiteQueryOptions());
