import type { Gateway } from '@sms/contracts/gateways';
import { DeleteDialog } from '../../../components/delete-dialog';
import { useDeleteGateway } from '../../../api/gateways/delete-gateway';

/** Asks before deleting a gateway; the server's reason (in use, the default) stays in the dialog. */
export function DeleteGatewayDialog({
  gateway,
  onClose,
  onDeleted,
}: {
  gateway: Gateway | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deletion = useDeleteGateway();
  return (
    <DeleteDialog
      item={gateway}
      deletion={deletion}
      namespace="gateways"
      values={(item) => ({ name: item.name })}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
