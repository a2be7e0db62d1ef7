import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { ContactsSelection, type ContactsSelectionProps } from './contacts-selection';
import { ExportMenu } from './export-menu';
import { formatMatchCount } from './match-count';
import { filterToApiQuery } from './list-state';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** The selection bar's props (the same component on phones), plus where the toolbar's own failures go. */
export interface ContactsGridToolbarProps extends Omit<ContactsSelectionProps, 'sx'> {
  onError: (error: unknown) => void;
  /** The list's column chooser. */
  columnsButton: ReactNode;
}

/** Above the table: the count or the selection with its bulk actions, then the column chooser and export. */
export function ContactsGridToolbar(props: ContactsGridToolbarProps) {
  const { t } = useTranslation('contacts');
  const { language } = useLanguage();
  const ability = useAbility();
  const { total, totalCapped, pageRowCount, selectedIds, allMatching, filter, onAllMatching, onClearSelection, onBulkDone, onError } =
    props;
  const number = new Intl.NumberFormat(intlLocale(language));
  const matching = formatMatchCount(number, total, totalCapped);
  const selected = selectedIds.length > 0 || allMatching;

  return (
    <Box
      sx={{ display: 'flex', minHeight: 56, gap: 1.5, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', px: 2.5 }}
    >
      {selected ? (
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
        {props.columnsButton}
        {ability.can('export', 'Contact') ? <ExportMenu filter={filterToApiQuery(filter)} onError={onError} /> : null}
      </Box>
    </Box>
  );
}
