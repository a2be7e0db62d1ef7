import Button from '@mui/material/Button';
import {
  EDITABLE_CAMPAIGN_STATUSES,
  FINISHED_CAMPAIGN_STATUSES,
  type Campaign,
  type CampaignAction,
  type CampaignStatus,
} from '@sms/contracts/campaigns';
import { IconCopy, IconPencil, IconPlayerPause, IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../../config/paths';
import { useAbility } from '../../../../lib/permissions/use-ability';

export interface CampaignDetailActionsProps {
  campaign: Campaign;
  /** The live status (from the progress poll), which may be ahead of `campaign.status`. */
  status: CampaignStatus;
  busy: boolean;
  onAction: (action: Exclude<CampaignAction, 'launch'>) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** The buttons a role may use on a campaign in its current state. */
export function CampaignDetailActions({ campaign, status, busy, onAction, onDuplicate, onDelete }: CampaignDetailActionsProps) {
  const { t } = useTranslation('campaigns');
  const ability = useAbility();
  const canLaunch = ability.can('launch', 'Campaign');
  return (
    <>
      {ability.can('update', 'Campaign') && EDITABLE_CAMPAIGN_STATUSES.includes(status) ? (
        <Button
          component={RouterLink}
          to={paths.campaigns.edit(campaign.id)}
          variant="contained"
          startIcon={<IconPencil size={18} aria-hidden />}
        >
          {t('actions.edit')}
        </Button>
      ) : null}
      {canLaunch && status === 'sending' ? (
        <Button
          variant="outlined"
          color="warning"
          startIcon={<IconPlayerPause size={18} aria-hidden />}
          disabled={busy}
          onClick={() => onAction('pause')}
        >
          {t('actions.pause')}
        </Button>
      ) : null}
      {canLaunch && status === 'paused' ? (
        <Button variant="contained" startIcon={<IconPlayerPlay size={18} aria-hidden />} disabled={busy} onClick={() => onAction('resume')}>
          {t('actions.resume')}
        </Button>
      ) : null}
      {canLaunch && status !== 'draft' && !FINISHED_CAMPAIGN_STATUSES.includes(status) ? (
        <Button
          variant="outlined"
          color="error"
          startIcon={<IconPlayerStop size={18} aria-hidden />}
          disabled={busy}
          onClick={() => onAction('cancel')}
        >
          {t('actions.cancel')}
        </Button>
      ) : null}
      {ability.can('create', 'Campaign') ? (
        <Button variant="outlined" startIcon={<IconCopy size={18} aria-hidden />} disabled={busy} onClick={onDuplicate}>
          {t('actions.duplicate')}
        </Button>
      ) : null}
      {ability.can('delete', 'Campaign') && status === 'draft' ? (
        <Button variant="outlined" color="error" startIcon={<IconTrash size={18} aria-hidden />} onClick={onDelete}>
          {t('actions.delete')}
        </Button>
      ) : null}
    </>
  );
}
