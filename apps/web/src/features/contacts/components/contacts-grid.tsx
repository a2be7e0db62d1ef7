import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Contact, ContactList } from '@sms/contracts/contacts';
import { IconAddressBook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ColumnDef } from '../../../components/data-table/columns';
import type { ColumnVisibility } from '../../../components/data-table/columns-button';
import { useListEmptyState } from '../../../components/empty-state';
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
  columns: ColumnDef<Contact>[];
  filtered: boolean;
  selectedIds: string[];
  onSelectedIdsChange: (ids: string[]) => void;
  toolbar: Omit<ContactsGridToolbarProps, 'total' | 'totalCapped' | 'pageRowCount' | 'selectedIds' | 'columnsButton'>;
  onClear: () => void;
}

/** The contacts the server pages and sorts, with ticks kept across pages and remembered columns. */
export function ContactsGrid({ list, query, columns, filtered, selectedIds, onSelectedIdsChange, toolbar, onClear }: ContactsGridProps) {
  const { t } = useTranslation('contacts');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [visibility, setVisibility] = useState<ColumnVisibility>(() => loadColumnVisibility(columns.map((column) => column.field)));
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const totalCapped = query.data?.totalCapped ?? false;
  const empty = useListEmptyState('contacts', {
    filtered,
    onClear,
    icon: <IconAddressBook size={36} stroke={1.4} />,
    testId: 'contacts-empty',
    whenEmpty: <ImportHint />,
  });

  const label = (row: Contact) => {
    const name = contactName(row);
    return t('list.selectContact', { contact: name ? `${name}, ${row.phone}` : row.phone });
  };

  // On a phone: the same selection bar as the table's toolbar, kept in view at the bottom.
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
      // Past the count cap the number of pages is unknown: the footer says "1–25 of more than 25" and
      // offers a next page while pages come back full.
      rowCount={totalCapped ? -1 : total}
      hasNextPage={rows.length === list.state.pageSize}
      empty={empty}
      selection={{ selectedIds, onChange: onSelectedIdsChange, label }}
      columnVisibility={visibility}
      onColumnVisibilityChange={(model) => {
        setVisibility(model);
        saveColumnVisibility(model);
      }}
      onOpenRow={(row) => void navigate(paths.contacts.detail(row.id))}
      toolbar={(columnsButton) => (
        <ContactsGridToolbar
          {...toolbar}
          total={total}
          totalCapped={totalCapped}
          pageRowCount={rows.length}
          selectedIds={selectedIds}
          columnsButton={columnsButton}
        />
      )}
      rowHeight={60}
      minHeight={460}
      cardsHeader={
        <Typography color="text.secondary" sx={{ px: 2.5, pt: 1.5 }} data-testid="contacts-total">
          {t('list.total', { count: total, amount: formatMatchCount(new Intl.NumberFormat(intlLocale(language)), total, totalCapped) })}
        </Typography>
      }
      cardsFooter={cardsFooter}
    />
  );
}
