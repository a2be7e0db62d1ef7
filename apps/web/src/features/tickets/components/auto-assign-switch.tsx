import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useTicketSettings } from '../../../api/tickets/get-ticket-settings';
import { useSaveTicketSettings } from '../../../api/tickets/save-ticket-settings';

/** The administrators' setting: new conversations assigned round-robin among available agents (off by default). */
export function AutoAssignSwitch() {
  const { t } = useTranslation('tickets');
  const settings = useTicketSettings();
  const save = useSaveTicketSettings();
  const checked = save.isPending ? Boolean(save.variables?.autoAssign) : Boolean(settings.data?.autoAssign);
  return (
    <Tooltip title={t('autoAssign.help')}>
      <FormControlLabel
        sx={{ m: 0 }}
        control={
          <Switch
            size="small"
            checked={checked}
            disabled={settings.isPending || save.isPending}
            onChange={(event) => save.mutate({ autoAssign: event.target.checked })}
          />
        }
        label={t('autoAssign.label')}
      />
    </Tooltip>
  );
}
