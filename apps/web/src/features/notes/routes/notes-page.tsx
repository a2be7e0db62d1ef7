import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NOTE_LIMITS, type Note } from '@sms/contracts/notes';
import { IconNotes, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNoteAuthors } from '../../../api/notes/get-note-authors';
import { useNotes } from '../../../api/notes/get-notes';
import { AccessDenied } from '../../../components/access-denied';
import { NoteList } from '../../../components/contact-notes/note-list';
import { EmptyState } from '../../../components/empty-state';
import { InputField } from '../../../components/forms/input-field';
import { LtrText } from '../../../components/ltr-text';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useDebounced } from '../../../lib/use-debounced';

const PAGE_SIZE = 20;

/** The contact a note is on, linking to its page (where its timeline is). */
function NoteContact({ note }: { note: Note }) {
  const name = [note.contact.firstName, note.contact.lastName].filter(Boolean).join(' ');
  return (
    <Link component={RouterLink} to={paths.contacts.detail(note.contactId)} variant="body2" data-testid="note-contact">
      {name || <LtrText>{note.contact.phone}</LtrText>}
    </Link>
  );
}

/** /apps/notes: every internal note, newest first, with search, an author filter and "mentions me"; each links to its contact. */
export default function NotesPage() {
  const { t } = useTranslation('notes');
  const [search, setSearch] = useState('');
  const [authorId, setAuthorId] = useState('');
  const [mentionsMe, setMentionsMe] = useState(false);
  const [page, setPage] = useState(0);
  const debounced = useDebounced(search.trim(), 300);
  const query = useNotes({
    limit: PAGE_SIZE,
    skip: page * PAGE_SIZE,
    ...(debounced ? { search: debounced } : {}),
    ...(authorId ? { authorId } : {}),
    ...(mentionsMe ? { mentionsMe: true } : {}),
  });
  const authors = useNoteAuthors();
  if (query.error instanceof ApiError && query.error.status === 403) return <AccessDenied ns="notes" />;
  const notes = query.data?.data ?? [];
  const filtered = Boolean(debounced || authorId || mentionsMe);
  const clear = () => {
    setSearch('');
    setAuthorId('');
    setMentionsMe(false);
    setPage(0);
  };

  return (
    <PageContainer title={t('page.title')} description={t('page.description')} breadcrumbs={[{ label: t('page.title') }]}>
      <Card>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, alignItems: { sm: 'center' } }}>
          <InputField
            size="small"
            label={t('page.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
            sx={{ minWidth: { sm: 260 } }}
            slotProps={{
              htmlInput: { maxLength: NOTE_LIMITS.searchMax },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <IconSearch size={18} aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label={t('page.author')}
            value={authorId}
            onChange={(event) => {
              setAuthorId(event.target.value);
              setPage(0);
            }}
            sx={{ minWidth: { sm: 200 } }}
          >
            <MenuItem value="">{t('page.anyAuthor')}</MenuItem>
            {(authors.data ?? []).map((author) => (
              <MenuItem key={author.id} value={author.id}>
                {author.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={mentionsMe}
                onChange={(event) => {
                  setMentionsMe(event.target.checked);
                  setPage(0);
                }}
              />
            }
            label={t('page.mentionsMe')}
          />
        </Stack>
        <Divider />
        <LoadOrRetry query={query} sx={{ m: 2 }}>
          {query.isPending ? null : notes.length === 0 ? (
            <EmptyState
              icon={<IconNotes size={36} stroke={1.4} />}
              title={filtered ? t('page.noMatch') : t('page.empty')}
              testId="notes-empty"
              clear={filtered ? { label: t('page.clear'), onClick: clear } : undefined}
            />
          ) : (
            <Stack sx={{ px: 2 }}>
              <NoteList
                notes={notes}
                context={(note) => (
                  <Typography variant="body2" component="div" sx={{ mb: 0.25 }}>
                    <NoteContact note={note} />
                  </Typography>
                )}
              />
            </Stack>
          )}
        </LoadOrRetry>
        <TablePagination
          component="div"
          count={query.data?.total ?? 0}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      </Card>
    </PageContainer>
  );
}
