import Button from '@mui/material/Button';
import type { BulkAction, Contact } from '@sms/contracts/contacts';
import Stack from '@mui/material/Stack';
import type { SegmentDefinition } from '@sms/contracts/segments';
import { IconFileImport, IconFilterPlus, IconHistory, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListPage } from '../../../components/list-page';
import { MessageSnackbar, useShowNoticeHere } from '../../../components/notice-snackbar';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useUrlListState } from '../../../lib/list-state/use-list-state';
import { Can } from '../../../lib/permissions/can';
import { useContacts } from '../../../api/contacts/get-contacts';
import { ContactsGrid } from '../components/contacts-grid';
import { ContactsToolbar } from '../components/contacts-toolbar';
import { DeleteContactDialog } from '../components/delete-contact-dialog';
import { contactsApiQuery, contactsList } from '../components/list-state';
import { useContactColumns } from '../components/use-contact-columns';
import { SavedViews } from '../components/saved-views';
import { SaveSegmentDialog } from '../components/save-segment-dialog';
import { filterOfSegment } from '../components/segment-definition';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** /contacts (and /apps/contacts): the contacts grid with search, filters, bulk actions and export, all state in the URL. */
export default function ContactsList() {
  const { t } = useTranslation(['contacts', 'common', 'segments']);
  const { language } = useLanguage();
  const list = useUrlListState(contactsList);
  const { state, update } = list;
  const query = useContacts(contactsApiQuery(state));
  const showNotice = useShowNoticeHere();
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [savingSegment, setSavingSegment] = useState(false);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const filter = contactsList.filterOf(state);
  const filterKey = JSON.stringify(filter);
  const [selectionFilterKey, setSelectionFilterKey] = useState(filterKey);
  // A new search or filter means a different set of contacts: forget the ticks.
  if (filterKey !== selectionFilterKey) {
    setSelectionFilterKey(filterKey);
    setSelectedIds([]);
    setAllMatching(false);
  }

  const onDelete = useCallback((contact: Contact) => setDeleting(contact), []);
  const columns = useContactColumns({ onDelete });

  const filtered = contactsList.isFiltered(state);
  const clear = () => update(contactsList.clearedFilters);
  const clearSelection = () => {
    setSelectedIds([]);
    setAllMatching(false);
  };
  const onBulkDone = (action: BulkAction, affected: number) => {
    clearSelection();
    setMessage({
      severity: 'success',
      text: t(`bulk.done.${action}`, { count: affected, amount: new Intl.NumberFormat(intlLocale(language)).format(affected) }),
    });
  };

  return (
    <ListPage
      ns="contacts"
      title={t('list.title')}
      description={t('list.description')}
      error={query.error}
      actions={
        <>
          <Can I="delete" a="Contact">
            <Button component={RouterLink} to={paths.contacts.trash} variant="outlined" startIcon={<IconTrash size={18} aria-hidden />}>
              {t('actions.trash')}
            </Button>
          </Can>
          <Can I="read" a="Import">
            <Button component={RouterLink} to={paths.contacts.imports} variant="outlined" startIcon={<IconHistory size={18} aria-hidden />}>
              {t('actions.history')}
            </Button>
          </Can>
          <Can I="create" a="Import">
            <Button
              component={RouterLink}
              to={paths.contacts.upload}
              variant="outlined"
              startIcon={<IconFileImport size={18} aria-hidden />}
            >
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
      // Not clipped on a phone: the bar of the ticked cards sticks to the bottom of the screen, which a clipping card would stop.
      cardSx={{ overflow: { xs: 'visible', sm: 'hidden' } }}
      toolbar={
        <>
          <Stack direction="row" spacing={1.5} sx={{ px: 3, pt: 2.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <SavedViews filter={filter} onChange={(patch) => update(patch)} />
            <Can I="create" a="Segment">
              <Button variant="outlined" startIcon={<IconFilterPlus size={18} aria-hidden />} onClick={() => setSavingSegment(true)}>
                {t('segments:save.open')}
              </Button>
            </Can>
          </Stack>
          <ContactsToolbar filter={filter} filtered={filtered} onChange={(patch, replace) => update(patch, { replace })} onClear={clear} />
        </>
      }
      grid={
        <ContactsGrid
          list={list}
          query={query}
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
          onClear={clear}
        />
      }
    >
      <DeleteContactDialog
        contact={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setSelectedIds((ids) => ids.filter((id) => id !== deleting?.id));
          showNotice('deleted');
        }}
      />
      <MessageSnackbar
        message={message?.text ?? null}
        severity={message?.severity}
        autoHideDuration={6000}
        onClose={() => setMessage(null)}
      />
      {savingSegment ? (
        <SaveSegmentDialog
          filter={filter}
          onClose={() => setSavingSegment(false)}
          onSaved={(segment) => {
            setSavingSegment(false);
            update(filterOfSegment(segment.id, segment.definition as SegmentDefinition));
            setMessage({ severity: 'success', text: t('segments:save.saved', { name: segment.name }) });
          }}
        />
      ) : null}
    </ListPage>
  );
}
