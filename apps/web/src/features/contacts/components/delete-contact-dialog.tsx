import type { Contact } from '@sms/contracts/contacts';
import { DeleteDialog } from '../../../components/delete-dialog';
import { useDeleteContact } from '../../../api/contacts/delete-contact';
import { contactLabel } from './contact-name';

/** Asks before deleting `contact`; the server's reason stays in the dialog on failure. */
export function DeleteContactDialog({
  contact,
  onClose,
  onDeleted,
}: {
  contact: Contact | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deletion = useDeleteContact();
  return (
    <DeleteDialog
      item={contact}
      deletion={deletion}
      namespace="contacts"
      values={(item) => ({ name: contactLabel(item), phone: item.phone })}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
