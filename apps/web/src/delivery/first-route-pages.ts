import { prefetchPublicSite } from '../api/public-site/get-public-site';
import { paths } from '../config/paths';
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

// The public site's other pages: the server renders them (decision 097), so the browser must have
// the opened one's code before it hydrates. A page still downloading when React reaches it during
// hydration suspends, and the next update of its frame then renders it afresh with the loader in
// place of the server's HTML (seen as a spinner under a visitor's first click on a slow phone).
export const PortfolioPage = lazyPage(() => withTexts(import('../features/public-site/routes/portfolio-page')));
export const AboutPage = lazyPage(() => withTexts(import('../features/public-site/routes/about-page')));
export const ContactPage = lazyPage(() => withTexts(import('../features/public-site/routes/contact-page')));
export const UnsubscribePage = lazyPage(() => withTexts(import('../features/public-site/routes/unsubscribe-page')));
export const PricingPage = lazyPage(() => withTexts(import('../features/public-site/routes/pricing-page')));
export const BlogPage = lazyPage(() => withTexts(import('../features/public-site/routes/blog-page')));
export const BlogEntryPage = lazyPage(() => withTexts(import('../features/public-site/routes/blog-entry-page')));

/** Those pages by address, for the start-up preload (`first-route.ts`); a blog entry's address ends in its id. */
export const PUBLIC_PAGES = {
  [paths.publicSite.portfolio]: PortfolioPage,
  [paths.publicSite.about]: AboutPage,
  [paths.publicSite.contact]: ContactPage,
  [paths.publicSite.unsubscribe]: UnsubscribePage,
  [paths.publicSite.pricing]: PricingPage,
  [paths.publicSite.blog]: BlogPage,
};

/** The dashboard's code and texts: the router's page, and what `first-route.ts` asks for at start-up when it is opened. */
export const loadDashboard = () => withTexts(import('../features/dashboard/routes/dashboard'));
