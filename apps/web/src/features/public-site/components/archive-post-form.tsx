import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ARCHIVE_POST_LIMITS } from '@sms/contracts/public-archive-limits';
import type { ArchivePost } from '@sms/contracts/public-archive';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSaveArchivePost } from '../../../api/public-site/save-archive-post';
import { MarkdownView } from './markdown-view';
import { DateField } from '../../../components/date-field/date-field';
import { InputField } from '../../../components/forms/input-field';
import { Can } from '../../../lib/permissions/can';
import { GalleryPicker, imageMarkdown } from './gallery-picker';

/** An instant as the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Writes a new post or edits one: title, publish date, Markdown text with a preview. */
export function ArchivePostForm({ post, onDone }: { post: ArchivePost | null; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation('archive');
  const saving = useSaveArchivePost();
  const [title, setTitle] = useState(post?.title ?? '');
  const [body, setBody] = useState(post?.body ?? '');
  const [publishAt, setPublishAt] = useState(toLocalInput(post?.publishAt ?? new Date().toISOString()));
  const [view, setView] = useState<'write' | 'preview'>('write');
  const fieldError = saving.error instanceof ApiError ? saving.error.field : undefined;
  const errorFor = (field: string) => (fieldError === field && saving.error instanceof ApiError ? saving.error.detail : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const when = new Date(publishAt);
    saving.mutate(
      { id: post?.id ?? null, body: { title, body, publishAt: Number.isNaN(when.getTime()) ? publishAt : when.toISOString() } },
      { onSuccess: () => onDone(true) },
    );
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2 }} data-testid="archive-post-form">
      <Stack spacing={2}>
        <InputField
          label={t('posts.fields.title')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          error={errorFor('title') !== undefined}
          helperText={errorFor('title')}
          slotProps={{ htmlInput: { maxLength: ARCHIVE_POST_LIMITS.title } }}
        />
        <DateField
          withTime
          size="medium"
          label={t('posts.fields.publishAt')}
          value={publishAt}
          onChange={setPublishAt}
          required
          error={errorFor('publishAt') !== undefined}
          helperText={errorFor('publishAt')}
        />
        <Tabs value={view} onChange={(_event, next: 'write' | 'preview') => setView(next)}>
          <Tab value="write" label={t('posts.fields.body')} />
          <Tab value="preview" label={t('posts.preview')} />
        </Tabs>
        {view === 'write' ? (
          <Can I="read" a="ArchivePost">
            <Box>
              <GalleryPicker
                onPick={(image) => {
                  const insert = imageMarkdown(image);
                  setBody((current) => (current.trim() === '' ? insert : `${current.replace(/\s+$/, '')}\n\n${insert}`));
                }}
              />
            </Box>
          </Can>
        ) : null}
        {view === 'write' ? (
          <InputField
            label={t('posts.fields.body')}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            required
            multiline
            minRows={8}
            error={errorFor('body') !== undefined}
            helperText={errorFor('body') ?? t('posts.fields.bodyHint')}
            slotProps={{ htmlInput: { maxLength: ARCHIVE_POST_LIMITS.body } }}
          />
        ) : (
          <Box sx={{ minHeight: 160 }} data-testid="archive-post-preview">
            <MarkdownView source={body} />
          </Box>
        )}
        {saving.isError && fieldError === undefined ? <Alert severity="error">{errorMessage(saving.error)}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={saving.isPending}>
            {t('posts.save')}
          </Button>
          <Button onClick={() => onDone(false)}>{t('posts.cancel')}</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
