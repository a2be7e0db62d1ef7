import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/forms/input-field';

/** A link path made whole with this page's address (the server knows no public address yet). */
const absolute = (link: string) => (link.startsWith('/') ? `${window.location.origin}${link}` : link);

/** The invitation link, shown once (no SMTP server): the admin copies it and passes it on. */
export function InvitationLink({ link }: { link: string }) {
  const { t } = useTranslation('team');
  const [copied, setCopied] = useState(false);
  const whole = absolute(link);
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('link.once')}</Alert>
      <InputField
        label={t('link.label')}
        value={whole}
        slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'invitation-link' } }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        variant="outlined"
        onClick={() => {
          void navigator.clipboard?.writeText(whole).then(() => setCopied(true));
        }}
      >
        {copied ? t('link.copied') : t('link.copy')}
      </Button>
    </Stack>
  );
}
