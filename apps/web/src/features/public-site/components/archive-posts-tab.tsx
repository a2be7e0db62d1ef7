import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ArchivePost } from '@sms/contracts/public-archive';
import { IconNews, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../components/date-time';
import { EmptyState } from '../../../components/empty-state';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useArchivePosts } from '../../../api/public-site/get-archive-posts';
import { useDeleteArchivePost } from '../../../api/public-site/delete-archive-post';
import { ArchivePostForm } from './archive-post-form';

/** Configurations -> News posts: the posts of the public archive, written in Markdown, shown from their publish date. */
export function ArchivePostsTab() {
  const { t } = useTranslation('archive');
  const { language } = useLanguage();
  const ability = useAbility();
  const canCreate = ability.can('create', 'ArchivePost');
  const canEdit = ability.can('update', 'ArchivePost');
  const canDelete = ability.can('delete', 'ArchivePost');
  const posts = useArchivePosts();
  const deletion = useDeleteArchivePost();
  const [editing, setEditing] = useState<ArchivePost | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ArchivePost | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const now = Date.now();

  const status = (post: ArchivePost) => {
    const date = formatDateTime(post.publishAt, language) ?? '';
    const when = Date.parse(post.publishAt) > now ? t('posts.scheduled', { date }) : t('posts.publishedOn', { date });
    return post.authorName ? `${when} · ${t('posts.by', { name: post.authorName })}` : when;
  };
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('posts.intro')}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {canCreate && editing === null ? (
          <Button variant="contained" startIcon={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
            {t('posts.new')}
          </Button>
        ) : null}
        <Link component={RouterLink} to={paths.publicSite.blog}>
          {t('posts.viewPublic')}
        </Link>
      </Stack>
      {editing !== null ? (
        <ArchivePostForm
          key={editing === 'new' ? 'new' : editing.id}
          post={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setNotice(t('posts.saved'));
          }}
        />
      ) : null}
      <LoadOrRetry query={posts}>
        {posts.data?.data.length ? (
          <List disablePadding data-testid="archive-posts">
            {posts.data.data.map((post) => (
              <ListItem
                key={post.id}
                divider
                secondaryAction={
                  <Stack direction="row" spacing={1}>
                    {canEdit ? (
                      <Button size="small" onClick={() => setEditing(post)}>
                        {t('posts.edit')}
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button size="small" color="error" onClick={() => setDeleting(post)}>
                        {t('posts.delete')}
                      </Button>
                    ) : null}
                  </Stack>
                }
              >
                <ListItemText primary={post.title} secondary={status(post)} slotProps={{ primary: { dir: 'auto' } }} />
              </ListItem>
            ))}
          </List>
        ) : posts.isPending ? null : (
          <EmptyState icon={<IconNews size={36} stroke={1.4} />} title={t('posts.empty')} testId="posts-empty" />
        )}
      </LoadOrRetry>
      <ConfirmDialog
        open={deleting !== null}
        title={t('posts.delete')}
        message={t('posts.confirmDelete', { title: deleting?.title ?? '' })}
        confirmLabel={t('posts.delete')}
        danger
        busy={deletion.isPending}
        error={deletion.isError ? errorMessage(deletion.error) : null}
        onConfirm={() =>
          deleting &&
          deletion.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              setNotice(t('posts.deleted'));
            },
          })
        }
        onClose={() => {
          setDeleting(null);
          deletion.reset();
        }}
      />
      <Snackbar open={notice !== null} autoHideDuration={4000} onClose={() => setNotice(null)} message={notice} />
    </Stack>
  );
}
