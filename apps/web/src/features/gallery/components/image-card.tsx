import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GalleryImage } from '@sms/contracts/gallery';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { Can } from '../../../lib/permissions/can';

/** One image of the library: its thumbnail, size, alt text, where it is used; edit and delete for those who manage posts. */
export function ImageCard({ image, onEdit, onDelete }: { image: GalleryImage; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('gallery');
  const name = image.fileName || image.alt || t('untitled');
  const inUse = image.usedBy.brand.length > 0 || image.usedBy.posts.length > 0;
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid="gallery-item"
      data-image-id={image.id}
    >
      <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Box
          component="img"
          src={image.thumbnailPath}
          alt={image.alt}
          loading="lazy"
          sx={{ maxWidth: '100%', maxHeight: '100%', width: 'auto', height: 'auto', objectFit: 'contain' }}
        />
      </Box>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere' }} dir="auto">
          {name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('size', { width: image.width, height: image.height, kb: Math.max(1, Math.round(image.bytes / 1024)) })}
        </Typography>
        <Typography
          variant="body2"
          color={image.alt ? 'text.primary' : 'warning.main'}
          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
          dir="auto"
        >
          {image.alt || t('noAlt')}
        </Typography>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }} data-testid="gallery-usage">
          {image.usedBy.brand.map((role) => (
            <Chip key={role} size="small" color="primary" variant="outlined" label={t(`usage.brand.${role}`)} />
          ))}
          {image.usedBy.posts.map((post) => (
            <Chip
              key={post.id}
              size="small"
              variant="outlined"
              label={
                <Link component={RouterLink} to={paths.publicSite.blogEntry(post.id)} underline="hover" color="inherit">
                  {t('usage.post', { title: post.title })}
                </Link>
              }
            />
          ))}
          {!inUse ? <Chip size="small" label={t('usage.unused')} /> : null}
        </Stack>
      </CardContent>
      {image.source === 'gallery' ? (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Can I="update" a="ArchivePost">
            <Tooltip title={t('actions.editAlt')}>
              <IconButton size="small" aria-label={t('actions.editAltNamed', { name })} onClick={onEdit}>
                <IconEdit size={18} aria-hidden />
              </IconButton>
            </Tooltip>
          </Can>
          <Can I="delete" a="ArchivePost">
            <Tooltip title={t('actions.delete')}>
              <IconButton size="small" aria-label={t('actions.deleteNamed', { name })} onClick={onDelete}>
                <IconTrash size={18} aria-hidden />
              </IconButton>
            </Tooltip>
          </Can>
        </CardActions>
      ) : (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          {t('brandManaged')}
        </Typography>
      )}
    </Card>
  );
}
