import { paths } from '../config/paths';
import { readToken } from '../lib/auth/session-storage';
import { loadEveryNamespace, loadPublicSiteNamespaces } from '../lib/i18n/i18n';

/**
 * The code of the page being opened, asked for at start-up beside the language's texts instead
 * of after them: the router only asks for a lazy page when it renders it, which waits for the texts
 * (and, signed in, for the frame), one round trip after another on a slow network (decision 038).
 * FIRST_ROUTE_MODULES (first-route-modules.ts) names the same modules for the page's HTML (decision 062).
 * The same `import()`s as the router's, so each module still downloads once. Pages not listed load
 * as before.
 */
const PAGES: Record<string, () => Promise<unknown>> = {
  [paths.login]: () => import('../features/auth/routes/login'),
  [paths.publicSite.home]: () => import('../features/public-site/routes/landing-page'),
  [paths.dashboard]: () => import('../features/dashboard/routes/dashboard'),
};

/** Starts downloading the opened page's code (and, signed in, the frame's); failures surface later, where the router loads it. */
export function preloadFirstRoute(pathname: string): void {
  const quiet = (load: Promise<unknown>) => void load.catch(() => undefined);
  const page = PAGES[pathname.replace(/\/+$/, '') || '/'];
  if (page) quiet(page());
  const publicPage = pathname.startsWith('/auth/') || pathname.startsWith('/frontend-pages/') || pathname === paths.publicSite.home;
  if (!publicPage && readToken()) quiet(Promise.all([import('./layouts/full-layout'), loadEveryNamespace()]));
  if (pathname === paths.publicSite.home || pathname.startsWith('/frontend-pages/'))
    quiet(Promise.all([import('./layouts/public-layout'), loadPublicSiteNamespaces()]));
}
