// The first-route preload (src/delivery/first-route-pages.ts) still imports this path; the call lives in src/api.
export { prefetchPublicSite } from '../../../api/public-site/get-public-site';
