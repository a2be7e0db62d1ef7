import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Gateway, GatewayKind } from '@sms/contracts/gateways';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GatewayForm } from './gateway-form-fields';
import { GATEWAY_KIND_FORMS } from './kinds/gateway-kinds';

export interface GatewayDialogProps {
  open: boolean;
  /** The gateway to edit; null to add one. */
  gateway: Gateway | null;
  onClose: () => void;
  onSaved: (gateway: Gateway) => void;
}

/** Add or edit a gateway: common settings plus the chosen kind's own fields. */
export function GatewayDialog({ open, gateway, onClose, onSaved }: GatewayDialogProps) {
  const { t } = useTranslation(['gateways', 'common']);
  const titleId = useId();
  const kinds = Object.keys(GATEWAY_KIND_FORMS) as GatewayKind[];
  const [chosen, setChosen] = useState<GatewayKind>(kinds[0] ?? 'simulator');
  const kind = gateway?.kind ?? chosen;
  const definition = GATEWAY_KIND_FORMS[kind];
  const formId = `${titleId}-form`;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{gateway ? t('dialog.editTitle', { name: gateway.name }) : t('dialog.addTitle')}</DialogTitle>
      <DialogContent>
        {gateway ? null : (
          <TextField
            select
            fullWidth
            label={t('fields.kind')}
            value={chosen}
            onChange={(event) => setChosen(event.target.value as GatewayKind)}
            sx={{ mt: 1, mb: 2.5 }}
          >
            {kinds.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`kindNames.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {definition ? (
          // Keyed by kind: another kind starts from its own defaults.
          <GatewayForm key={kind} id={formId} gateway={gateway} definition={definition} onSaved={onSaved} />
        ) : (
          <Alert severity="info">{t('dialog.kindNotEditable', { kind: t(`kindNames.${kind}`) })}</Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={!definition}>
          {gateway ? t('common:actions.save') : t('dialog.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
