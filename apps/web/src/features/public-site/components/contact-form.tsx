import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { WEB_MESSAGE_MAX } from '@sms/contracts/public-site';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HydratedForm } from '../../../components/forms/hydrated-form';
import { visuallyHidden } from '../../../components/visually-hidden';
import { toApiError } from '../../../lib/api-error';
import { useSendContactMessage } from '../../../api/public-site/send-contact-message';
import { InputField } from '../../../components/forms/input-field';

/** The contact form: name, a phone number or an e-mail address, and the message. */
export function ContactForm() {
  const { t } = useTranslation('public');
  const send = useSendContactMessage();
  const [fields, setFields] = useState({ name: '', phone: '', email: '', message: '', website: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!fields.name.trim() || !fields.message.trim()) return setProblem(t('contact.required'));
    if (!fields.phone.trim() && !fields.email.trim()) return setProblem(t('contact.phoneOrEmail'));
    try {
      await send.mutateAsync({
        name: fields.name.trim(),
        message: fields.message.trim(),
        ...(fields.phone.trim() ? { phone: fields.phone.trim() } : {}),
        ...(fields.email.trim() ? { email: fields.email.trim() } : {}),
        ...(fields.website ? { website: fields.website } : {}),
      });
      setSent(true);
    } catch (error) {
      const apiError = toApiError(error);
      setProblem(
        apiError.status === 429
          ? t('form.tooMany')
          : apiError.field === 'phone'
            ? t('form.badPhone')
            : apiError.field === 'email'
              ? t('contact.badEmail')
              : t('form.failed'),
      );
    }
  };

  if (sent)
    return (
      <Alert severity="success" data-testid="contact-sent">
        {t('contact.sent')}
      </Alert>
    );
  return (
    <HydratedForm noValidate onSubmit={submit} aria-label={t('contact.formTitle')}>
      <Stack spacing={2}>
        <InputField
          label={t('contact.name')}
          value={fields.name}
          onChange={set('name')}
          required
          slotProps={{ htmlInput: { autoComplete: 'name', maxLength: 100 } }}
        />
        <InputField
          label={t('form.phone')}
          value={fields.phone}
          onChange={set('phone')}
          type="tel"
          helperText={t('contact.phoneOrEmail')}
          slotProps={{ htmlInput: { autoComplete: 'tel', dir: 'ltr' } }}
        />
        <InputField
          label={t('contact.email')}
          value={fields.email}
          onChange={set('email')}
          type="email"
          slotProps={{ htmlInput: { autoComplete: 'email', dir: 'ltr' } }}
        />
        <InputField
          label={t('contact.message')}
          value={fields.message}
          onChange={set('message')}
          multiline
          minRows={4}
          required
          slotProps={{ htmlInput: { maxLength: WEB_MESSAGE_MAX } }}
        />
        <Box sx={visuallyHidden} aria-hidden>
          <label>
            {t('form.website')}
            <input tabIndex={-1} autoComplete="off" name="website" value={fields.website} onChange={set('website')} />
          </label>
        </Box>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {t('contact.send')}
          </Button>
        </Box>
      </Stack>
    </HydratedForm>
  );
}
