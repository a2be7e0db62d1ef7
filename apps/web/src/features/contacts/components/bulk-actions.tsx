import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { BulkAction } from '@sms/contracts/contacts';
import { IconBellOff, IconBellRinging, IconTag, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useBulkContacts } from '../../../api/contacts/bulk-contacts';
import { bulkCount, bulkTarget } from './bulk-target';
import { ConsentNoteInput } from './consent-note-input';
import type { ContactsFilter } from './list-state';
import { formatMatchCount } from './match-count';
import { SetTagDialog } from './set-tag-dialog';
import { intlLocale } from '../../../lib/i18n/intl-locale';

export interface BulkActionsProps {
  selectedIds: readonly string[];
  allMatching: boolean;
  total: number;
  totalCapped: boolean;
  filter: ContactsFilter;
  /** After success: how many contacts changed. */
  onDone: (action: BulkAction, affected: number) => void;
}

type Confirmable = Exclude<BulkAction, 'setTag'>;

/**
 * Set tag, opt out, opt in (with a consent note) and delete for the ticked contacts or all matching
 * ones (each asks first). Agents tag in bulk only; the rest is for admins and managers.
 */
export function BulkActions({ selectedIds, allMatching, total, totalCapped, filter, onDone }: BulkActionsProps) {
  const { t } = useTranslation('contacts');
  const { language } = useLanguage();
  const ability = useAbility();
  const bulk = useBulkContacts();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [tagging, setTagging] = useState(false);
  const [consentNote, setConsentNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const affected = bulkCount(selectedIds, allMatching, total);
  const amount = formatMatchCount(new Intl.NumberFormat(intlLocale(language)), affected, allMatching && totalCapped);
  // i18next picks the plural form from `count`; `amount` is the number as shown ("10,000+" past the cap).
  const counted = { count: affected, amount };
  const target = () => bulkTarget(selectedIds, allMatching, filter);
  const close = () => {
    bulk.reset();
    setConfirming(null);
    setTagging(false);
    setConsentNote('');
    setNoteMissing(false);
  };
  const run = (action: BulkAction, tag?: { field: 'tag1' | 'tag2' | 'tag3'; value: string | null }) =>
    bulk.mutate(
      { action, target: target(), ...(tag ? { tag } : {}), ...(action === 'optIn' ? { consentNote: consentNote.trim() } : {}) },
      {
        onSuccess: ({ affected }) => {
          close();
          onDone(action, affected);
        },
      },
    );
  const changeNote = (value: string) => {
    setConsentNote(value);
    setNoteMissing(false);
  };
  const canTag = ability.can('bulkTag', 'Contact');
  const canBulk = (action: Confirmable) => ability.can('bulkEdit', 'Contact') && ability.can(action, 'Contact');
  const confirm = (action: Confirmable) => {
    if (action === 'optIn' && consentNote.trim() === '') {
      setNoteMissing(true);
      return;
    }
    run(action);
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {canTag ? (
          <Button size="small" variant="outlined" startIcon={<IconTag size={16} aria-hidden />} onClick={() => setTagging(true)}>
            {t('bulk.setTag')}
          </Button>
        ) : null}
        {canBulk('optOut') ? (
          <Button size="small" variant="outlined" startIcon={<IconBellOff size={16} aria-hidden />} onClick={() => setConfirming('optOut')}>
            {t('bulk.optOut')}
          </Button>
        ) : null}
        {canBulk('optIn') ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<IconBellRinging size={16} aria-hidden />}
            onClick={() => setConfirming('optIn')}
          >
            {t('bulk.optIn')}
          </Button>
        ) : null}
        {canBulk('delete') ? (
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirming('delete')}
          >
            {t('bulk.delete')}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`bulk.confirm.${confirming}.title`, counted) : ''}
        message={
          confirming ? (
            <>
              {t(`bulk.confirm.${confirming}.message`, counted)}
              {confirming === 'optIn' ? <ConsentNoteInput value={consentNote} onChange={changeNote} missing={noteMissing} /> : null}
            </>
          ) : (
            ''
          )
        }
        confirmLabel={confirming ? t(`bulk.confirm.${confirming}.action`, counted) : undefined}
        danger={confirming === 'delete'}
        busy={bulk.isPending}
        error={bulk.isError ? errorMessage(bulk.error) : null}
        onClose={close}
        onConfirm={() => confirming && confirm(confirming)}
      />
      <SetTagDialog
        open={tagging}
        count={affected}
        amount={amount}
        busy={bulk.isPending}
        error={bulk.isError ? errorMessage(bulk.error) : null}
        onClose={close}
        onConfirm={(tag) => run('setTag', tag)}
      />
    </>
  );
}
