import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { BulkAction } from '@sms/contracts/contacts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { BulkActions } from './bulk-actions';
import { bulkCount, offerAllMatching } from './bulk-target';
import type { ContactsFilter } from './list-state';
import { formatMatchCount } from './match-count';

export interface ContactsSelectionProps {
  total: number;
  totalCapped: boolean;
  pageRowCount: number;
  selectedIds: readonly string[];
  allMatching: boolean;
  filter: ContactsFilter;
  onAllMatching: (all: boolean) => void;
  onClearSelection: () => void;
  onBulkDone: (action: BulkAction, affected: number) => void;
  sx?: SxProps<Theme>;
}

/**
 * What the user ticked: the count, "select all N matching", clear, and the bulk actions. The grid's
 * toolbar and the phone's card list show this same bar.
 */
export function ContactsSelection(props: ContactsSelectionProps) {
  const { total, totalCapped, pageRowCount, selectedIds, allMatching, filter, onAllMatching, onClearSelection, onBulkDone, sx } = props;
  const { t } = useTranslation('contacts');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const matching = formatMatchCount(number, total, totalCapped);
  const count = bulkCount(selectedIds, allMatching, total);
  return (
    <Box
      sx={[{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', py: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-testid="contacts-selection"
    >
      <Typography sx={{ fontWeight: 600 }} role="status">
        {allMatching
          ? t('bulk.allSelected', { count, amount: matching })
          : t('bulk.selected', { count, amount: number.format(selectedIds.length) })}
      </Typography>
      {!allMatching && offerAllMatching(selectedIds.length, pageRowCount, total) ? (
        <Button size="small" onClick={() => onAllMatching(true)}>
          {t('bulk.selectAllMatching', { count: total, amount: matching })}
        </Button>
      ) : null}
      <Button size="small" color="inherit" onClick={onClearSelection}>
        {t('bulk.clearSelection')}
      </Button>
      <BulkActions
        selectedIds={selectedIds}
        allMatching={allMatching}
        total={total}
        totalCapped={totalCapped}
        filter={filter}
        onDone={onBulkDone}
      />
    </Box>
  );
}
