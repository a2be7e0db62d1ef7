import type { Contact } from '@sms/contracts/contacts';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteContact } from '../api/delete-contact';
import { contactLabel } from './contact-name';

/** Asks before deleting `contact`; the server's reason stays in the dialog on failure. */
export function DeleteContactDialog({ contact, onClose, onDeleted }: { contact: Contact | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('contacts');
  const deletion = useDeleteContact();
  const close = () => {
    deletion.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={contact !== null}
      title={t('delete.title')}
      message={contact ? <Trans t={t} i18nKey="delete.message" values={{ name: contactLabel(contact), phone: contact.phone }} components={{ strong: <strong /> }} /> : ''}
      confirmLabel={t('delete.confirm')}
      danger
      busy={deletion.isPending}
      error={deletion.isError ? errorMessage(deletion.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!contact) return;
        deletion.mutate(contact.id, {
          onSuccess: () => {
            deletion.reset();
            onDeleted();
          },
        });
      }}
    />
  );
}
