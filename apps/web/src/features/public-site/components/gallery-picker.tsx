import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { GalleryImage } from '@sms/contracts/gallery';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGallery } from '../../../api/gallery/get-gallery';
import { LoadOrRetry } from '../../../components/retry-alert';

const PAGE_SIZE = 12;

/** The Markdown that shows a library image in a post: its alt text (square brackets taken out) and its address. */
export const imageMarkdown = (image: Pick<GalleryImage, 'alt' | 'fileName' | 'path'>): string =>
  `![${(image.alt || image.fileName).replace(/[[\]]/g, '')}](${image.path})`;

/** "Insert from gallery": picks an image of the media library; the editor inserts its Markdown. */
export function GalleryPicker({ onPick }: { onPick: (image: GalleryImage) => void }) {
  const { t } = useTranslation('gallery');
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(0);
  const query = useGallery({ limit: PAGE_SIZE, skip: page * PAGE_SIZE }, open);
  const images = query.data?.data ?? [];
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<IconPhoto size={18} aria-hidden />} onClick={() => setOpen(true)}>
        {t('picker.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby="gallery-picker-title">
        <DialogTitle id="gallery-picker-title">{t('picker.title')}</DialogTitle>
        <DialogContent>
          <LoadOrRetry query={query}>
            {images.length === 0 ? (
              <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {t('picker.empty')}
              </Typography>
            ) : (
              <Grid container spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="gallery-picker">
                {images.map((image) => (
                  <Grid key={image.id} component="li" size={{ xs: 6, sm: 4, md: 3 }}>
                    <ButtonBase
                      focusRipple
                      onClick={() => {
                        onPick(image);
                        setOpen(false);
                      }}
                      aria-label={t('picker.insert', { name: image.alt || image.fileName || t('untitled') })}
                      sx={{ width: '100%', aspectRatio: '1', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
                    >
                      <Box
                        component="img"
                        src={image.thumbnailPath}
                        alt=""
                        loading="lazy"
                        sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
                      />
                    </ButtonBase>
                  </Grid>
                ))}
              </Grid>
            )}
            <TablePagination
              component="div"
              count={query.data?.total ?? 0}
              page={page}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_event, next) => setPage(next)}
            />
          </LoadOrRetry>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('picker.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
