import Alert from '@mui/material/Alert';
import type { Contact } from '@sms/contracts/contacts';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';

/** When and how the contact opted out (read-only; opting back in clears it). */
export function OptOutInfo({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  return (
    <Alert severity="warning" data-testid="opt-out-info">
      {t('optOut.since')} <DateTime value={contact.optedOutAt} fallback={t('optOut.unknownTime')} />
      {' · '}
      {t('optOut.source', { source: contact.optOutSource ? t(`optOutSources.${contact.optOutSource}`) : t('optOut.unknownSource') })}
    </Alert>
  );
}
