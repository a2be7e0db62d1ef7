import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Contact } from '@sms/contracts/contacts';
import { renderTemplate } from '@sms/contracts/message-template';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../../components/country-select';
import { serverFieldError } from '../../../../components/forms/server-field-error';
import { errorMessage } from '../../../../lib/api-client';
import { useMessage } from '../../../../api/messages/get-message';
import { useContactSearch } from '../../../../api/contacts/get-contacts';
import { useTestSend } from '../../../../api/campaigns/test-send';
import { useDebounced } from '../../../../lib/use-debounced';
import { emptyMergeFields } from './empty-merge-fields';
import { contactLabel } from './message-preview';
import { MessageStatus } from './message-status';

export interface TestSendDialogProps {
  open: boolean;
  campaignId: string | null;
  /** The campaign's text as saved (the test sends it): previewed, and its empty merge fields warned about. */
  body: string;
  defaultCountry: string;
  onClose: () => void;
}

/** Sends the campaign's text to one number (merge fields from a chosen contact) and follows that message live. */
export function TestSendDialog({ open, campaignId, body, defaultCountry, onClose }: TestSendDialogProps) {
  const { t } = useTranslation(['campaigns', 'common']);
  const titleId = useId();
  const [phone, setPhone] = useState('');
  const [country, setCountry] = useState(defaultCountry);
  const [contact, setContact] = useState<Contact | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const contacts = useContactSearch(search, pickerOpen);
  const send = useTestSend();
  const message = useMessage(send.data?.id ?? null);
  const phoneError = serverFieldError(send.error, ['phone', 'defaultCountry'] as const);
  // What the chosen contact (or none: the fallbacks) makes of the text, and the fields left empty.
  const preview = useMemo(() => renderTemplate(body, contact ?? {}), [body, contact]);
  const empty = useMemo(() => emptyMergeFields(body, contact ?? {}), [body, contact]);
  const fields = empty.map((field) => `{{${field}}}`).join(', ');
  const close = () => {
    send.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('testSend.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('testSend.description')}
        </Typography>
        <Stack spacing={2.5}>
          <TextField
            label={t('testSend.phone')}
            type="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={phoneError?.field === 'phone'}
            helperText={phoneError?.field === 'phone' ? phoneError.message : t('testSend.phoneHint')}
            slotProps={{ htmlInput: { maxLength: 40, dir: 'ltr', 'data-testid': 'test-phone' } }}
            required
            autoFocus
          />
          <CountrySelect
            label={t('testSend.country')}
            value={country}
            onChange={setCountry}
            groups={{ common: t('testSend.commonCountries'), all: t('testSend.allCountries') }}
          />
          <Autocomplete
            open={pickerOpen}
            onOpen={() => setPickerOpen(true)}
            onClose={() => setPickerOpen(false)}
            options={contacts.data?.data ?? []}
            loading={contacts.isFetching}
            filterOptions={(list) => list}
            getOptionLabel={contactLabel}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            value={contact}
            onChange={(_event, next) => {
              setContact(next);
              if (next && phone.trim() === '') setPhone(next.phone);
            }}
            inputValue={text}
            onInputChange={(_event, next) => setText(next)}
            renderInput={(params) => <TextField {...params} label={t('testSend.contact')} helperText={t('testSend.contactHint')} />}
          />
          {empty.length > 0 ? (
            <Alert severity="warning" data-testid="test-send-empty-fields">
              {contact
                ? t('testSend.emptyForContact', { name: contactLabel(contact), fields })
                : t('testSend.emptyWithoutContact', { fields, example: `{{${empty[0]}|…}}` })}
            </Alert>
          ) : null}
          {body.trim() !== '' ? (
            <Box>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                {contact ? t('testSend.previewFor', { name: contactLabel(contact) }) : t('testSend.previewFallbacks')}
              </Typography>
              <Typography
                variant="body2"
                dir="auto"
                sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="test-send-preview"
              >
                {preview}
              </Typography>
            </Box>
          ) : null}
          {send.isError && !phoneError ? <Alert severity="error">{errorMessage(send.error)}</Alert> : null}
          {message.data ? (
            <Box sx={{ p: 2, borderRadius: 1, bgcolor: 'grey.100' }}>
              <Typography variant="body2" sx={{ mb: 1, whiteSpace: 'pre-wrap' }} data-testid="test-message-body">
                {message.data.body}
              </Typography>
              <MessageStatus message={message.data} />
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={close}>
          {t('common:actions.close')}
        </Button>
        <Button
          variant="contained"
          loading={send.isPending}
          disabled={!campaignId || phone.trim() === ''}
          onClick={() => {
            if (!campaignId) return;
            send.mutate({
              id: campaignId,
              body: { phone: phone.trim(), ...(country ? { defaultCountry: country } : {}), ...(contact ? { contactId: contact.id } : {}) },
            });
          }}
        >
          {send.data ? t('testSend.sendAgain') : t('testSend.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
