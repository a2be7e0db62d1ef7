import type { Gateway } from '@sms/contracts/gateways';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteGateway } from '../api/delete-gateway';

/** Asks before deleting a gateway; the server's reason (in use, the default) stays in the dialog. */
export function DeleteGatewayDialog({ gateway, onClose, onDeleted }: { gateway: Gateway | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('gateways');
  const deletion = useDeleteGateway();
  const close = () => {
    deletion.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={gateway !== null}
      title={t('delete.title')}
      message={gateway ? <Trans t={t} i18nKey="delete.message" values={{ name: gateway.name }} components={{ strong: <strong /> }} /> : ''}
      confirmLabel={t('delete.confirm')}
      danger
      busy={deletion.isPending}
      error={deletion.isError ? errorMessage(deletion.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!gateway) return;
        deletion.mutate(gateway.id, {
          onSuccess: () => {
            deletion.reset();
            onDeleted();
          },
        });
      }}
    />
  );
}
