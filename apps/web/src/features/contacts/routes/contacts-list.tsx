import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Snackbar from '@mui/material/Snackbar';
import type { BulkAction, Contact } from '@sms/contracts/contacts';
import { IconFileImport, IconHistory, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { Can } from '../../../lib/permissions/can';
import { useContacts } from '../api/get-contacts';
import { AccessDenied } from '../../../components/access-denied';
import { ContactsGrid } from '../components/contacts-grid';
import { ContactsToolbar } from '../components/contacts-toolbar';
import { DeleteContactDialog } from '../components/delete-contact-dialog';
import { changeListState, clearedFilters, isFiltered, lastPage, listStateToApiQuery, listStateToParams, parseListState, stateFilter, type ContactsListState } from '../components/list-state';
import { NoticeSnackbar } from '../components/notice-snackbar';
import { useContactColumns } from '../components/use-contact-columns';

/** /contacts (and /apps/contacts): the contacts grid with search, filters, bulk actions and export, all state in the URL. */
export default function ContactsList() {
  const { t } = useTranslation(['contacts', 'common']);
  const { language } = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListState(searchParams);
  const query = useContacts(listStateToApiQuery(state));
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const filter = stateFilter(state);
  const filterKey = JSON.stringify(filter);
  const [selectionFilterKey, setSelectionFilterKey] = useState(filterKey);
  // A new search or filter means a different set of contacts: forget the ticks.
  if (filterKey !== selectionFilterKey) {
    setSelectionFilterKey(filterKey);
    setSelectedIds([]);
    setAllMatching(false);
  }

  const update = (patch: Partial<ContactsListState>, replace = false) => {
    const next = listStateToParams(changeListState(state, patch));
    // The grid also reports unchanged models; only real changes become history entries.
    if (next.toString() !== listStateToParams(state).toString()) setSearchParams(next, { replace, preventScrollReset: true });
  };
  const onDelete = useCallback((contact: Contact) => setDeleting(contact), []);
  const columns = useContactColumns({ onDelete });

  // A page past the end (rows deleted, or an old link): go to the last page that has rows.
  const total = query.data?.total ?? 0;
  const totalCapped = query.data?.totalCapped ?? false;
  const beyondEnd = !query.isPlaceholderData && query.isSuccess && state.page > 0 && query.data.data.length === 0 && total > 0;
  useEffect(() => {
    if (beyondEnd) setSearchParams(listStateToParams({ ...state, page: lastPage(total, state.pageSize) }), { replace: true });
  });

  if (query.error instanceof ApiError && query.error.status === 403) return <AccessDenied ns="contacts" />;

  const filtered = isFiltered(state);
  const clear = () => update({ ...clearedFilters });
  const clearSelection = () => {
    setSelectedIds([]);
    setAllMatching(false);
  };
  const onBulkDone = (action: BulkAction, affected: number) => {
    clearSelection();
    setMessage({ severity: 'success', text: t(`bulk.done.${action}`, { amount: new Intl.NumberFormat(language).format(affected) }) });
  };

  return (
    <PageContainer
      title={t('list.title')}
      description={t('list.description')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        <>
          <Can I="read" a="Import">
            <Button component={RouterLink} to={paths.contacts.imports} variant="outlined" startIcon={<IconHistory size={18} aria-hidden />}>
              {t('actions.history')}
            </Button>
          </Can>
          <Can I="create" a="Import">
            <Button component={RouterLink} to={paths.contacts.upload} variant="outlined" startIcon={<IconFileImport size={18} aria-hidden />}>
              {t('actions.import')}
            </Button>
          </Can>
          <Can I="create" a="Contact">
            <Button component={RouterLink} to={paths.contacts.new} variant="contained" startIcon={<IconPlus size={18} aria-hidden />}>
              {t('actions.add')}
            </Button>
          </Can>
        </>
      }
    >
      <Card>
        <ContactsToolbar filter={filter} filtered={filtered} onChange={(patch, replace) => update(patch, replace)} onClear={clear} />
        <Divider />
        <LoadOrRetry query={query} sx={{ m: 2.5 }}>
          <ContactsGrid
            state={state}
            rows={query.data?.data ?? []}
            total={total}
            totalCapped={totalCapped}
            loading={query.isFetching}
            columns={columns}
            filtered={filtered}
            selectedIds={selectedIds}
            onSelectedIdsChange={(ids) => {
              setSelectedIds(ids);
              if (ids.length === 0) setAllMatching(false);
            }}
            toolbar={{
              allMatching,
              filter,
              onAllMatching: setAllMatching,
              onClearSelection: clearSelection,
              onBulkDone,
              onError: (error) => setMessage({ severity: 'error', text: errorMessage(error) }),
            }}
            onChange={(patch) => update(patch)}
            onClear={clear}
          />
        </LoadOrRetry>
      </Card>
      <DeleteContactDialog
        contact={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setSelectedIds((ids) => ids.filter((id) => id !== deleting?.id));
          setSearchParams(searchParams, { replace: true, preventScrollReset: true, state: { notice: 'deleted' } });
        }}
      />
      <Snackbar open={message !== null} autoHideDuration={6000} onClose={(_event, reason) => reason !== 'clickaway' && setMessage(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity={message?.severity ?? 'success'} variant="filled" onClose={() => setMessage(null)} sx={{ width: '100%' }}>
          {message?.text}
        </Alert>
      </Snackbar>
      <NoticeSnackbar />
    </PageContainer>
  );
}
