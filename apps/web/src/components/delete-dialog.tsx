import type { UseMutationResult } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-client';
import { ConfirmDialog } from './confirm-dialog';

export interface DeleteDialogProps<Item extends { id: string }> {
  /** What to delete; the dialog is open while it is not null. */
  item: Item | null;
  /** The feature's delete mutation, called with the item's id. */
  deletion: UseMutationResult<void, Error, string>;
  /** i18n namespace holding `delete.title`, `delete.message` (with `<strong>`) and `delete.confirm`. */
  namespace: string;
  /** Values interpolated into `delete.message` (e.g. the name). */
  values: (item: Item) => Record<string, string>;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting one item; on failure the server's reason stays in the dialog. */
export function DeleteDialog<Item extends { id: string }>({
  item,
  deletion,
  namespace,
  values,
  onClose,
  onDeleted,
}: DeleteDialogProps<Item>) {
  const { t } = useTranslation(namespace);
  const close = () => {
    deletion.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={item !== null}
      title={t('delete.title')}
      message={item ? <Trans t={t} i18nKey="delete.message" values={values(item)} components={{ strong: <strong /> }} /> : ''}
      confirmLabel={t('delete.confirm')}
      danger
      busy={deletion.isPending}
      error={deletion.isError ? errorMessage(deletion.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!item) return;
        deletion.mutate(item.id, {
          onSuccess: () => {
            deletion.reset();
            onDeleted();
          },
        });
      }}
    />
  );
}
