import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridColumnVisibilityModel, GridRowSelectionModel } from '@mui/x-data-grid';
import type { Contact, ContactList } from '@sms/contracts/contacts';
import { IconAddressBook } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useListEmptyState } from '../../../components/grid-empty-overlay';
import { ServerDataGrid, type GridListQuery } from '../../../components/server-data-grid';
import { paths } from '../../../config/paths';
import type { ListHandle } from '../../../lib/list-state/use-list-state';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { loadColumnVisibility, saveColumnVisibility } from './column-visibility';
import { formatMatchCount } from './match-count';
import { contactName } from './contact-name';
import { ContactsGridToolbar, type ContactsGridToolbarProps } from './contacts-grid-toolbar';
import { ContactsSelection } from './contacts-selection';
import type { ContactsListState } from './list-state';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** Without contacts yet, the way in: import them. */
function ImportHint() {
  const { t } = useTranslation('contacts');
  const ability = useAbility();
  if (!ability.can('create', 'Import')) return null;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('list.emptyHint')}
      </Typography>
      <Button component={RouterLink} to={paths.contacts.upload} variant="contained" size="small" sx={{ mt: 1.5 }}>
        {t('actions.import')}
      </Button>
    </>
  );
}

export interface ContactsGridProps {
  list: ListHandle<ContactsListState>;
  query: GridListQuery<Contact> & { data: ContactList | undefined };
  columns: GridColDef<Contact>[];
  filtered: boolean;
  selectedIds: string[];
  onSelectedIdsChange: (ids: string[]) => void;
  toolbar: Omit<ContactsGridToolbarProps, 'total' | 'totalCapped' | 'pageRowCount' | 'selectedIds'>;
  onClear: () => void;
}

/** The contacts the server pages and sorts, with ticks kept across pages and remembered columns. */
export function ContactsGrid({ list, query, columns, filtered, selectedIds, onSelectedIdsChange, toolbar, onClear }: ContactsGridProps) {
  const { t } = useTranslation('contacts');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>(() =>
    loadColumnVisibility(columns.map((column) => column.field)),
  );
  const rows = useMemo(() => query.data?.data ?? [], [query.data]);
  const total = query.data?.total ?? 0;
  const totalCapped = query.data?.totalCapped ?? false;
  const empty = useListEmptyState('contacts', {
    filtered,
    onClear,
    icon: <IconAddressBook size={36} stroke={1.4} />,
    testId: 'contacts-empty',
    whenEmpty: <ImportHint />,
  });

  // Past the count cap the number of pages is unknown: the footer says "1–25 of more than 25" and
  // offers a next page while pages come back full.
  const paginationMeta = useMemo(() => ({ hasNextPage: rows.length === list.state.pageSize }), [rows.length, list.state.pageSize]);
  const selectionModel = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selectedIds) }), [selectedIds]);

  const onSelection = (model: GridRowSelectionModel) => {
    // "Select all" on the header answers an exclude-model: every row of this page except the listed ones.
    const pageIds = new Set(rows.map((row) => row.id));
    const offPage = selectedIds.filter((id) => !pageIds.has(id));
    const onPage =
      model.type === 'include'
        ? [...model.ids].map(String).filter((id) => pageIds.has(id))
        : rows.map((row) => row.id).filter((id) => !model.ids.has(id));
    onSelectedIdsChange([...offPage, ...onPage]);
  };

  // On a phone: a check box per card, and the same selection bar as the grid's toolbar, kept in view at the bottom.
  const selected = new Set(selectedIds);
  const cardSelection = {
    isSelected: (row: Contact) => selected.has(row.id),
    onToggle: (row: Contact, on: boolean) => onSelectedIdsChange(on ? [...selectedIds, row.id] : selectedIds.filter((id) => id !== row.id)),
    label: (row: Contact) => {
      const name = contactName(row);
      return t('list.selectContact', { contact: name ? `${name}, ${row.phone}` : row.phone });
    },
  };
  const cardsFooter =
    selectedIds.length > 0 || toolbar.allMatching ? (
      <Paper elevation={6} square role="region" aria-label={t('bulk.barLabel')} sx={{ position: 'sticky', bottom: 0, zIndex: 2, px: 1.5 }}>
        <ContactsSelection
          total={total}
          totalCapped={totalCapped}
          pageRowCount={rows.length}
          selectedIds={selectedIds}
          allMatching={toolbar.allMatching}
          filter={toolbar.filter}
          onAllMatching={toolbar.onAllMatching}
          onClearSelection={toolbar.onClearSelection}
          onBulkDone={toolbar.onBulkDone}
        />
      </Paper>
    ) : null;

  return (
    <ServerDataGrid
      testId="contacts-grid"
      label={t('list.gridLabel')}
      list={list}
      query={query}
      columns={columns}
      rowCount={totalCapped ? -1 : total}
      {...(totalCapped ? { paginationMeta } : {})}
      empty={empty}
      checkboxSelection
      keepNonExistentRowsSelected
      rowSelectionModel={selectionModel}
      onRowSelectionModelChange={onSelection}
      columnVisibilityModel={visibility}
      onColumnVisibilityModelChange={(model) => {
        setVisibility(model);
        saveColumnVisibility(model);
      }}
      onOpenRow={(row) => void navigate(paths.contacts.detail(row.id))}
      showToolbar
      slots={{ toolbar: ContactsGridToolbar }}
      slotProps={{ toolbar: { ...toolbar, total, totalCapped, pageRowCount: rows.length, selectedIds } }}
      rowHeight={60}
      minHeight={460}
      cardsHeader={
        <Typography color="text.secondary" sx={{ px: 2.5, pt: 1.5 }} data-testid="contacts-total">
          {t('list.total', { count: total, amount: formatMatchCount(new Intl.NumberFormat(intlLocale(language)), total, totalCapped) })}
        </Typography>
      }
      cardSelection={cardSelection}
      cardsFooter={cardsFooter}
    />
  );
}
