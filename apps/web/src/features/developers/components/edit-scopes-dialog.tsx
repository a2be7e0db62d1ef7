import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { ApiKey } from '@sms/contracts/api-keys';
import { API_SCOPES, type ApiScope } from '@sms/contracts/policy';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { scopeKey } from './scope-key';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateApiKey } from '../../../api/api-keys/update-api-key';

/** Changes a key's scopes; the key's next request is judged by them. Mounted per key, so it starts from the key's own. */
export function EditScopesDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation('developers');
  const update = useUpdateApiKey();
  const titleId = useId();
  const [scopes, setScopes] = useState<ApiScope[]>(apiKey.scopes);
  const noScope = scopes.length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (noScope) return;
    update.mutate({ id: apiKey.id, body: { scopes } }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('keys.scopesTitle', { name: apiKey.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('keys.scopesHint')}</DialogContentText>
          {update.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(update.error)}
            </Alert>
          )}
          <FormControl error={noScope} component="fieldset">
            <FormLabel component="legend">{t('keys.scopes')}</FormLabel>
            <FormGroup>
              {API_SCOPES.map((scope) => (
                <FormControlLabel
                  key={scope}
                  label={t(`scopes.${scopeKey(scope)}`)}
                  control={
                    <Checkbox
                      checked={scopes.includes(scope)}
                      onChange={(event) =>
                        setScopes((current) => (event.target.checked ? [...current, scope] : current.filter((s) => s !== scope)))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {noScope && <FormHelperText>{t('create.scopeRequired')}</FormHelperText>}
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={update.isPending || noScope}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
