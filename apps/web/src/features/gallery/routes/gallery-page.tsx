import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import TablePagination from '@mui/material/TablePagination';
import type { GalleryImage } from '@sms/contracts/gallery';
import { IconPhoto, IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteGalleryImage } from '../../../api/gallery/delete-gallery-image';
import { useGallery } from '../../../api/gallery/get-gallery';
import { AccessDenied } from '../../../components/access-denied';
import { DeleteDialog } from '../../../components/delete-dialog';
import { EmptyState } from '../../../components/empty-state';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { ApiError } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { AltDialog } from '../components/alt-dialog';
import { ImageCard } from '../components/image-card';
import { UploadDialog } from '../components/upload-dialog';

const PAGE_SIZE = 24;

/** /apps/gallery: the media library, the brand's images and the posts' images, with where each is used. */
export default function GalleryPage() {
  const { t } = useTranslation('gallery');
  const [page, setPage] = useState(0);
  const query = useGallery({ limit: PAGE_SIZE, skip: page * PAGE_SIZE });
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<GalleryImage | null>(null);
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const deletion = useDeleteGalleryImage();

  if (query.error instanceof ApiError && query.error.status === 403) return <AccessDenied ns="gallery" />;
  const images = query.data?.data ?? [];
  return (
    <PageContainer
      title={t('title')}
      description={t('description')}
      actions={
        <Can I="create" a="ArchivePost">
          <Button variant="contained" startIcon={<IconPhotoPlus size={18} aria-hidden />} onClick={() => setUploading(true)}>
            {t('upload.open')}
          </Button>
        </Can>
      }
    >
      <Card sx={{ p: 2 }}>
        <LoadOrRetry query={query}>
          {images.length === 0 ? (
            <EmptyState icon={<IconPhoto size={36} stroke={1.4} />} title={t('empty')} testId="gallery-empty" />
          ) : (
            <Grid
              container
              spacing={2}
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
              aria-label={t('title')}
              data-testid="gallery-grid"
            >
              {images.map((image) => (
                <Grid key={image.id} component="li" size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                  <ImageCard image={image} onEdit={() => setEditing(image)} onDelete={() => setDeleting(image)} />
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
      </Card>
      <UploadDialog open={uploading} onClose={() => setUploading(false)} onUploaded={() => setNotice(t('notices.uploaded'))} />
      {editing ? (
        <AltDialog
          image={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice(t('notices.saved'));
          }}
        />
      ) : null}
      <DeleteDialog
        item={deleting}
        deletion={deletion}
        namespace="gallery"
        values={(image) => ({ name: image.fileName || image.alt || t('untitled') })}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setNotice(t('notices.deleted'));
        }}
      />
      <MessageSnackbar message={notice} severity="success" autoHideDuration={4000} onClose={() => setNotice(null)} />
    </PageContainer>
  );
}
