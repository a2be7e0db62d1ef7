import type { User } from '@sms/contracts/users';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteUser } from '../api/delete-user';

/**
 * Asks before deleting `user`; on failure the server's reason (e.g. last administrator) stays
 * in the dialog. `onDeleted` runs after success.
 */
export function DeleteUserDialog({ user, onClose, onDeleted }: { user: User | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('users');
  const deletion = useDeleteUser();
  const close = () => {
    deletion.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={user !== null}
      title={t('delete.title')}
      message={user ? <Trans t={t} i18nKey="delete.message" values={{ name: user.name, email: user.email }} components={{ strong: <strong /> }} /> : ''}
      confirmLabel={t('delete.confirm')}
      danger
      busy={deletion.isPending}
      error={deletion.isError ? errorMessage(deletion.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!user) return;
        deletion.mutate(user.id, {
          onSuccess: () => {
            deletion.reset();
            onDeleted();
          },
        });
      }}
    />
  );
}
