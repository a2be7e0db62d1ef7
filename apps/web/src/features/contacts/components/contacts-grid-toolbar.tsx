import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GridToolbarColumnsButton, Toolbar } from '@mui/x-data-grid';
import type { BulkAction } from '@sms/contracts/contacts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { ContactsSelection, type ContactsSelectionProps } from './contacts-selection';
import { ExportMenu } from './export-menu';
import { formatMatchCount } from './match-count';
import { filterToApiQuery, type ContactsFilter } from './list-state';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** The selection bar's props (the same component on phones), plus where the toolbar's own failures go. */
export interface ContactsGridToolbarProps extends Omit<ContactsSelectionProps, 'sx'> {
  onError: (error: unknown) => void;
}

declare module '@mui/x-data-grid' {
  interface ToolbarPropsOverrides {
    total?: number;
    totalCapped?: boolean;
    pageRowCount?: number;
    selectedIds?: readonly string[];
    allMatching?: boolean;
    filter?: ContactsFilter;
    onAllMatching?: (all: boolean) => void;
    onClearSelection?: () => void;
    onBulkDone?: (action: BulkAction, affected: number) => void;
    onError?: (error: unknown) => void;
  }
}

/** Above the grid: the count or the selection with its bulk actions, then the column chooser and export. */
export function ContactsGridToolbar(props: Partial<ContactsGridToolbarProps>) {
  const { t } = useTranslation('contacts');
  const { language } = useLanguage();
  const ability = useAbility();
  const {
    total = 0,
    totalCapped = false,
    pageRowCount = 0,
    selectedIds = [],
    allMatching = false,
    filter,
    onAllMatching,
    onClearSelection,
    onBulkDone,
    onError,
  } = props;
  const number = new Intl.NumberFormat(intlLocale(language));
  const matching = formatMatchCount(number, total, totalCapped);
  const selected = selectedIds.length > 0 || allMatching;

  return (
    <Toolbar style={{ minHeight: 56, gap: 12, flexWrap: 'wrap', justifyContent: 'space-between', paddingInline: 20 }}>
      {selected && filter && onBulkDone && onAllMatching && onClearSelection ? (
        <ContactsSelection
          total={total}
          totalCapped={totalCapped}
          pageRowCount={pageRowCount}
          selectedIds={selectedIds}
          allMatching={allMatching}
          filter={filter}
          onAllMatching={onAllMatching}
          onClearSelection={onClearSelection}
          onBulkDone={onBulkDone}
        />
      ) : (
        <Typography color="text.secondary" sx={{ py: 1 }} data-testid="contacts-total">
          {t('list.total', { count: total, amount: matching })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <GridToolbarColumnsButton />
        {ability.can('export', 'Contact') && filter && onError ? <ExportMenu filter={filterToApiQuery(filter)} onError={onError} /> : null}
      </Box>
    </Toolbar>
  );
}
