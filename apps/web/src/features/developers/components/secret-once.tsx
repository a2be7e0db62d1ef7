import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A secret the server answers once (an API key's, a webhook's signing secret, new or rotated):
 * what it is, the secret, and a copy button. Closing it drops the secret for good.
 */
export function SecretOnce({ message, secret, onClose, testId }: { message: string; secret: string; onClose: () => void; testId: string }) {
  const { t } = useTranslation('developers');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the secret stays on screen to select.
      setCopied(false);
    }
  };
  return (
    <Alert
      severity="warning"
      onClose={onClose}
      sx={{ mb: 2 }}
      data-testid={testId}
      action={
        <Button color="inherit" size="small" startIcon={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
          {copied ? t('secret.copied') : t('secret.copy')}
        </Button>
      }
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {message}
      </Typography>
      <Typography component="code" dir="ltr" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {secret}
      </Typography>
    </Alert>
  );
}
