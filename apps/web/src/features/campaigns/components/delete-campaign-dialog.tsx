import type { Campaign } from '@sms/contracts/campaigns';
import { DeleteDialog } from '../../../components/delete-dialog';
import { useDeleteCampaign } from '../../../api/campaigns/delete-campaign';

/** Asks before deleting a draft; the server's reason stays in the dialog on failure. */
export function DeleteCampaignDialog({
  campaign,
  onClose,
  onDeleted,
}: {
  campaign: Campaign | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deletion = useDeleteCampaign();
  return (
    <DeleteDialog
      item={campaign}
      deletion={deletion}
      namespace="campaigns"
      values={(item) => ({ name: item.name })}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
