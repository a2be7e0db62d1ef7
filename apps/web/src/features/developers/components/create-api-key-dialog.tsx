import Alert from '@mui/material/Alert';
import { DateField } from '../../../components/date-field/date-field';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { API_KEY_LIMITS, type ApiKey } from '@sms/contracts/api-keys';
import { API_SCOPES, type ApiScope } from '@sms/contracts/policy';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { scopeKey } from './scope-key';
import { errorMessage } from '../../../lib/api-client';
import { useCreateApiKey } from '../../../api/api-keys/create-api-key';
import { InputField } from '../../../components/forms/input-field';

/** Addresses typed one per line or separated by commas or spaces. */
const addressesOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The dialog that creates an API key: name, scopes, optional expiry day, allowed addresses, rate. */
export function CreateApiKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: { apiKey: ApiKey; secret: string }) => void;
}) {
  const { t } = useTranslation('developers');
  const create = useCreateApiKey();
  const titleId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['messages:send', 'messages:read']);
  const [expires, setExpires] = useState('');
  const [addresses, setAddresses] = useState('');
  const [rate, setRate] = useState(String(API_KEY_LIMITS.defaultRateLimit));
  const [tried, setTried] = useState(false);
  const nameMissing = name.trim() === '';
  const noScope = scopes.length === 0;

  const close = () => {
    create.reset();
    setTried(false);
    setName('');
    setExpires('');
    setAddresses('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameMissing || noScope) return;
    create.mutate(
      {
        name: name.trim(),
        scopes,
        // The end of the chosen day, in the browser's time zone.
        expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
        allowedCidrs: addressesOf(addresses),
        rateLimit: Number(rate) || API_KEY_LIMITS.defaultRateLimit,
      },
      {
        onSuccess: (created) => {
          close();
          onCreated(created);
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ mt: 1 }}>
            {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
            <InputField
              label={t('create.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              error={tried && nameMissing}
              helperText={tried && nameMissing ? t('create.nameRequired') : t('create.nameHint')}
              slotProps={{ htmlInput: { maxLength: API_KEY_LIMITS.nameMax } }}
            />
            <FormControl error={tried && noScope} component="fieldset">
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
              {tried && noScope && <FormHelperText>{t('create.scopeRequired')}</FormHelperText>}
            </FormControl>
            <DateField
              size="medium"
              label={t('create.expires')}
              value={expires}
              onChange={setExpires}
              helperText={t('create.expiresHint')}
            />
            <InputField
              label={t('create.addresses')}
              value={addresses}
              onChange={(event) => setAddresses(event.target.value)}
              helperText={t('create.addressesHint')}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <InputField
              label={t('create.rate')}
              type="number"
              value={rate}
              onChange={(event) => setRate(event.target.value)}
              helperText={t('create.rateHint')}
              slotProps={{ htmlInput: { min: 1, max: API_KEY_LIMITS.rateLimitMax } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
