import { paths } from '../config/paths';

/**
 * The source modules whose code a first visit of these addresses needs beyond the entry's: the page
 * and, for the public site and the signed-in frame, their layout. `first-route.ts` imports the same
 * modules at start-up; the build turns this list into the files the server announces in the page's
 * HTML as `<link rel="modulepreload">`, so the browser fetches them while it reads the HTML instead
 * of after the entry ran, and the entry no longer adds one link per file at start-up (decision 062).
 * Paths are relative to apps/web.
 */
/** A public site's page (src/features/public-site/routes/<name>.tsx) in its frame. */
const publicPage = (name: string) => [`src/features/public-site/routes/${name}.tsx`, 'src/app/layouts/public-layout.tsx'];

export const FIRST_ROUTE_MODULES: Record<string, string[]> = {
  [paths.publicSite.home]: publicPage('landing-page'),
  [paths.publicSite.homepage]: publicPage('landing-page'),
  [paths.publicSite.portfolio]: publicPage('portfolio-page'),
  [paths.publicSite.about]: publicPage('about-page'),
  [paths.publicSite.contact]: publicPage('contact-page'),
  [paths.publicSite.unsubscribe]: publicPage('unsubscribe-page'),
  [paths.publicSite.pricing]: publicPage('pricing-page'),
  [paths.publicSite.blog]: publicPage('blog-page'),
  [paths.dashboard]: ['src/features/dashboard/routes/dashboard.tsx', 'src/app/layouts/full-layout.tsx'],
};

/** Where the build writes the files of each address of FIRST_ROUTE_MODULES (inside dist). */
export const FIRST_ROUTE_PRELOADS_FILE = 'first-route-preloads.json';

/**
 * Addresses the server answers with a page of their own instead of index.html (decision 071): the
 * sign-in page starts from its own entry, without MUI. The build writes `html` from index.html with
 * that entry's script and files; PAGE_ENTRIES_FILE tells the server which address gets which page.
 */
export const PAGE_ENTRIES: Record<string, { html: string; entry: string }> = {
  [paths.login]: { html: 'sign-in.html', entry: 'src/delivery/sign-in-main.tsx' },
};

/** Where the build writes each address of PAGE_ENTRIES and its page (inside dist). */
export const PAGE_ENTRIES_FILE = 'page-entries.json';
