import { prefetchPublicSite } from '../api/public-site/get-public-site';
import { lazyPage } from '../lib/lazy-page';
import { loadPublicSiteTexts, withTexts } from './texts';

// The signed-out pages a first visit most often opens, and the public site's frame: the router
// renders these, and `first-route.ts` preloads them at start-up so that the first render finds them
// loaded and commits the page at once, not a loader first (decision 047).

export const Login = lazyPage(() => import('../features/auth/routes/login'));
export const LandingPage = lazyPage(() => import('../features/public-site/routes/landing-page'));
// The public site reads its own texts ('public', besides the sign-in set's common and forms): one small
// file more; and its frame needs the site's answer (on or off, texts) before it shows anything.
export const PublicLayout = lazyPage(async () => {
  const [module] = await Promise.all([import('../app/layouts/public-layout'), loadPublicSiteTexts(), prefetchPublicSite()]);
  return { default: module.PublicLayout };
});

/** The dashboard's code and texts: the router's page, and what `first-route.ts` asks for at start-up when it is opened. */
export const loadDashboard = () => withTexts(import('../features/dashboard/routes/dashboard'));
