import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Recovery codes shown once: a grid to write down, copy or download. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('forms');
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Box data-testid="recovery-codes">
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('recoveryCodes.keepThem')}
      </Alert>
      <Box
        component="ol"
        dir="ltr"
        aria-label={t('recoveryCodes.label')}
        sx={{
          listStyle: 'none',
          p: 2,
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: 16,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ mt: 1.5 }}>
        <Button size="small" startIcon={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
          {copied ? t('recoveryCodes.copied') : t('recoveryCodes.copy')}
        </Button>
        <Button size="small" startIcon={<IconDownload size={16} aria-hidden />} onClick={download}>
          {t('recoveryCodes.download')}
        </Button>
      </Stack>
    </Box>
  );
}
