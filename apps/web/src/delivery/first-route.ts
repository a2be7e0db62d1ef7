import { paths } from '../config/paths';
import { startDashboard } from '../api/dashboard/get-dashboard';
import { startMe } from '../api/users/get-me';
import { validStoredSession } from '../lib/auth/session-storage';
import { browserTimeZone } from '../lib/time-zones';
import { BlogEntryPage, LandingPage, loadDashboard, Login, PUBLIC_PAGES, PublicLayout } from './first-route-pages';
import { loadFrameTexts } from './texts';

/**
 * The code of the page being opened, asked for at start-up beside the language's texts instead
 * of after them: the router only asks for a lazy page when it renders it, which waits for the texts
 * (and, signed in, for the frame), one round trip after another on a slow network (decision 038).
 * FIRST_ROUTE_MODULES (first-route-modules.ts) names the same modules for the page's HTML (decision 062).
 * The same `import()`s as the router's, so each module still downloads once. Pages not listed load
 * as before.
 */
const SIGNED_OUT_PAGES: Record<string, () => Promise<unknown>> = {
  [paths.login]: Login.preload,
  [paths.publicSite.home]: LandingPage.preload,
  [paths.publicSite.homepage]: LandingPage.preload,
  ...Object.fromEntries(Object.entries(PUBLIC_PAGES).map(([path, page]) => [path, page.preload])),
};
/** A blog entry's address ends in its id. */
const BLOG_ENTRY = paths.publicSite.blogEntry('');
const SIGNED_IN_PAGES: Record<string, () => Promise<unknown>> = {
  [paths.dashboard]: loadDashboard,
};

/**
 * Starts downloading the opened page's code (and, signed in, the frame's, with /me and on the
 * dashboard its figures). Resolves once a signed-out
 * page and its frame (`first-route-pages.ts`) are there, never rejects: the first render waits for
 * it so that it commits the page itself, not a loader first (decision 047). Failures surface later,
 * where the router loads the module.
 */
export function preloadFirstRoute(pathname: string): Promise<void> {
  const quiet = (load: Promise<unknown>) =>
    load.then(
      () => undefined,
      () => undefined,
    );
  const path = pathname.replace(/\/+$/, '') || '/';
  void quiet(SIGNED_IN_PAGES[path]?.() ?? Promise.resolve());
  const publicPage = pathname.startsWith('/auth/') || pathname.startsWith('/frontend-pages/') || pathname === paths.publicSite.home;
  if (!publicPage && validStoredSession()) {
    void quiet(Promise.all([import('../app/layouts/full-layout'), loadFrameTexts()]));
    // The session's check and the dashboard's figures, asked for now rather than after the first
    // render: the figures no longer wait for /me, a render, then their own round trip (issue 37).
    startMe();
    if (path === paths.dashboard) startDashboard(browserTimeZone() ?? 'UTC');
  }
  const publicSite = pathname === paths.publicSite.home || pathname.startsWith('/frontend-pages/');
  const page = SIGNED_OUT_PAGES[path] ?? (path.startsWith(BLOG_ENTRY) ? BlogEntryPage.preload : undefined);
  return quiet(Promise.all([page?.(), publicSite ? PublicLayout.preload() : undefined]));
}
