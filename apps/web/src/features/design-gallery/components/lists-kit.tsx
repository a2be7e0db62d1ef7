import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/forms/input-field';
import { GallerySection } from './gallery-section';
import { SampleGrid } from './sample-grid';

/** The list kit: the product's shared list on sample rows, in each of its states. */
export default function ListsKit() {
  const { t } = useTranslation('design-gallery');
  return (
    <>
      <GallerySection id="grid">
        <SampleGrid
          testId="gallery-list"
          selectable
          toolbar={(search, setSearch, selected) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
              <InputField
                label={t('lists.search')}
                type="search"
                size="small"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                sx={{ minWidth: 0, width: { xs: '100%', sm: 280 } }}
              />
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {t('lists.selected', { n: selected })}
              </Typography>
            </Box>
          )}
        />
      </GallerySection>
      <GallerySection id="dense">
        <SampleGrid testId="gallery-dense" rowHeight={36} minHeight={300} />
      </GallerySection>
      <GallerySection id="sticky">
        <SampleGrid
          testId="gallery-sticky"
          minHeight={300}
          sx={{ maxHeight: 320, overflowY: 'auto', '& thead th': { position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.paper' } }}
        />
      </GallerySection>
      <GallerySection id="empty">
        <SampleGrid testId="gallery-empty" mode="empty" minHeight={220} />
      </GallerySection>
      <GallerySection id="loading">
        <SampleGrid testId="gallery-loading" mode="loading" minHeight={220} />
      </GallerySection>
    </>
  );
}
