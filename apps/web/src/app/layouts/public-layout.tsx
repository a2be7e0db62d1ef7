import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { FullPageLoader } from '../../components/full-page-loader';
import { RetryAlert } from '../../components/retry-alert';
import { paths } from '../../config/paths';
import { ConnectionBanner } from '../../lib/connection/connection-banner';
import { useBrand } from '../../lib/brand/use-brand';
import { usePublicSite } from '../../api/public-site/get-public-site';
import { useServerPageHead } from '../../lib/server-rendering/page-head';
import { serverState } from '../../lib/server-rendering/server-state';
import { LanguageSwitcher } from './header/language-switcher';
import { ModeToggle } from './header/mode-toggle';
import { SkipLink } from './skip-link';

const NAV = [
  { to: paths.publicSite.home, key: 'nav.home', end: true },
  { to: paths.publicSite.portfolio, key: 'nav.topics', end: false },
  { to: paths.publicSite.blog, key: 'archive:nav.blog', end: false },
  { to: paths.publicSite.about, key: 'nav.about', end: false },
  { to: paths.publicSite.contact, key: 'nav.contact', end: false },
] as const;

/** Sets (creating it when missing) a meta tag of the document head. */
function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/** The brand's name and description as the page's description and Open Graph tags (search results, link previews). */
function useBrandMeta(appName: string, description: string) {
  useEffect(() => {
    // A page the server rendered has its own, page by page (decision 097).
    if (serverState()) return;
    setMeta('name', 'description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', appName);
    setMeta('property', 'og:title', appName);
    setMeta('property', 'og:description', description);
  }, [appName, description]);
}

/**
 * Frame of the public site (/landingpage, /frontend-pages/*): the brand's logo or name, the
 * site's pages, language and mode switches, a staff sign-in link. While an administrator has the
 * site off, every public page goes to the sign-in page and nothing of the organisation shows.
 */
export function PublicLayout() {
  const { t } = useTranslation('public');
  const site = usePublicSite();
  // The whole page renders when the site's answer arrives. The query's update is synchronous (an
  // external store), so the page renders from a deferred copy: React does that work in slices (decision 062).
  const data = useDeferredValue(site.data);
  const { appName, description, logoUrl } = useBrand().settings;
  useBrandMeta(appName, description);
  useServerPageHead({ feedTitle: t('archive:blog.feedTitle', { name: appName }) });
  if (site.isError)
    return (
      <Container sx={{ py: 6 }}>
        <RetryAlert error={site.error} onRetry={() => void site.refetch()} />
      </Container>
    );
  if (data === undefined)
    return (
      <>
        <ConnectionBanner />
        <FullPageLoader />
      </>
    );
  if (!data.enabled) return <Navigate replace to={paths.login} />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <ConnectionBanner />
      <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Container>
          <Toolbar disableGutters sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
            <Box
              component={RouterLink}
              to={paths.publicSite.home}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none' }}
            >
              {logoUrl ? <BrandLogo maxWidth={180} maxHeight={48} /> : null}
              <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
                {appName}
              </Typography>
            </Box>
            <Box component="nav" aria-label={t('nav.label')} sx={{ flex: 1 }}>
              <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                {[...NAV, ...(data.pricingVisible ? [{ to: paths.publicSite.pricing, key: 'nav.pricing', end: false } as const] : [])].map(
                  (item) => (
                    <Button
                      key={item.to}
                      component={NavLink}
                      to={item.to}
                      end={item.end}
                      color="inherit"
                      sx={{ '&.active': { color: 'primary.main', fontWeight: 700 } }}
                    >
                      {t(item.key)}
                    </Button>
                  ),
                )}
              </Stack>
            </Box>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <LanguageSwitcher />
              <ModeToggle />
              <Button component={RouterLink} to={paths.login} variant="outlined" size="small">
                {t('nav.signIn')}
              </Button>
            </Stack>
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" id="main-content" sx={{ flex: 1, py: { xs: 4, md: 6 } }}>
        <Container>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet context={data} />
          </Suspense>
        </Container>
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3 }}>
        <Container>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary">
              {t('footer.rights', { year: new Date().getFullYear(), name: appName })}
            </Typography>
            <Button component={RouterLink} to={paths.publicSite.unsubscribe} size="small" color="inherit">
              {t('nav.unsubscribe')}
            </Button>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
