import type { Contact } from '@sms/contracts/contacts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useEraseContact } from '../../../api/contacts/erase-contact';
import { contactLabel } from './contact-name';

/** Asks before erasing `contact` for good (right to erasure); the server's reason stays in the dialog on failure. */
export function EraseContactDialog({ contact, onClose, onErased }: { contact: Contact | null; onClose: () => void; onErased: () => void }) {
  const { t } = useTranslation('erasure');
  const erasure = useEraseContact();
  return (
    <ConfirmDialog
      open={contact !== null}
      title={t('confirmTitle', { name: contact ? contactLabel(contact) : '' })}
      message={t('confirmMessage')}
      confirmLabel={t('confirmAction')}
      danger
      busy={erasure.isPending}
      error={erasure.isError ? errorMessage(erasure.error) : null}
      onConfirm={() => {
        if (contact) erasure.mutate(contact.id, { onSuccess: onErased });
      }}
      onClose={onClose}
    />
  );
}
