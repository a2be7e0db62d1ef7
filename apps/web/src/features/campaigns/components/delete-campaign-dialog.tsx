import type { Campaign } from '@sms/contracts/campaigns';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteCampaign } from '../api/delete-campaign';

/** Asks before deleting a draft; the server's reason stays in the dialog on failure. */
export function DeleteCampaignDialog({ campaign, onClose, onDeleted }: { campaign: Campaign | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('campaigns');
  const deletion = useDeleteCampaign();
  const close = () => {
    deletion.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={campaign !== null}
      title={t('delete.title')}
      message={campaign ? <Trans t={t} i18nKey="delete.message" values={{ name: campaign.name }} components={{ strong: <strong /> }} /> : ''}
      confirmLabel={t('delete.confirm')}
      danger
      busy={deletion.isPending}
      error={deletion.isError ? errorMessage(deletion.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!campaign) return;
        deletion.mutate(campaign.id, {
          onSuccess: () => {
            deletion.reset();
            onDeleted();
          },
        });
      }}
    />
  );
}
