import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { lazyWhenReachable } from '../../../lib/lazy-page';
import { GallerySectionContext } from '../components/gallery-context';
import { GALLERY, galleryLocation, sectionPath, type GalleryKit } from '../gallery-routes';

// Each kit is a chunk of its own: the chart kit brings MUI X Charts, which no other kit needs.
const KITS: Record<GalleryKit, ComponentType> = {
  forms: lazyWhenReachable(() => import('../components/forms-kit')),
  lists: lazyWhenReachable(() => import('../components/lists-kit')),
  charts: lazyWhenReachable(() => import('../components/charts-kit')),
  trees: lazyWhenReachable(() => import('../components/trees-kit')),
  ui: lazyWhenReachable(() => import('../components/ui-kit')),
  widgets: lazyWhenReachable(() => import('../components/widgets-kit')),
};

/**
 * The design gallery (issue 36): the specification's template-demo addresses show the product's own
 * components in the active brand, colours, mode, direction and language, one page per group, each
 * sub-page a section of it (gallery-routes.ts).
 */
export default function DesignGalleryPage() {
  const { t } = useTranslation('design-gallery');
  const { pathname } = useLocation();
  const location = galleryLocation(pathname) ?? { group: 'ui-components' as const, section: null };
  const { group, section } = location;
  const spec = GALLERY[group];
  const Kit = KITS[spec.kit];
  const title = t(`groups.${group}`);
  return (
    <PageContainer
      title={title}
      description={t('description')}
      breadcrumbs={[{ label: t('title'), to: paths.designGallery.home }, { label: title }]}
    >
      <Box component="nav" aria-label={t('sectionsNav')} sx={{ mb: 3 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {spec.sections.map((id) => (
            <Chip
              key={id}
              label={t(`sections.${id}.title`)}
              component={RouterLink}
              to={sectionPath(group, id)}
              clickable
              color={id === section ? 'primary' : 'default'}
              aria-current={id === section ? 'location' : undefined}
            />
          ))}
        </Stack>
      </Box>
      <GallerySectionContext.Provider value={section}>
        <Suspense fallback={<FullPageLoader />}>
          <Kit />
        </Suspense>
      </GallerySectionContext.Provider>
    </PageContainer>
  );
}
