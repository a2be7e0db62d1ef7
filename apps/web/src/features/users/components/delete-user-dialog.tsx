import type { User } from '@sms/contracts/users';
import { DeleteDialog } from '../../../components/delete-dialog';
import { useDeleteUser } from '../../../api/users/delete-user';

/**
 * Asks before deleting `user`; on failure the server's reason (e.g. last administrator) stays
 * in the dialog. `onDeleted` runs after success.
 */
export function DeleteUserDialog({ user, onClose, onDeleted }: { user: User | null; onClose: () => void; onDeleted: () => void }) {
  const deletion = useDeleteUser();
  return (
    <DeleteDialog
      item={user}
      deletion={deletion}
      namespace="users"
      values={(item) => ({ name: item.name, email: item.email })}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
