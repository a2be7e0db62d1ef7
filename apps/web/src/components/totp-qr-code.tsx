import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TwoStepSetup } from '@sms/contracts/two-step';
import { useTranslation } from 'react-i18next';

/** The QR code to scan with an authenticator app, and the secret to type when scanning is not possible. */
export function TotpQrCode({ setup }: { setup: TwoStepSetup }) {
  const { t } = useTranslation('forms');
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 3, alignItems: 'center' }}>
      <Box
        component="img"
        src={setup.qrCode}
        alt={t('totp.qrAlt')}
        width={176}
        height={176}
        sx={{ bgcolor: '#fff', p: 1, borderRadius: 1, border: 1, borderColor: 'divider', flexShrink: 0 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {t('totp.cannotScan')}
        </Typography>
        <Typography
          data-testid="totp-secret"
          dir="ltr"
          sx={{
            mt: 1,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: 16,
            overflowWrap: 'anywhere',
          }}
        >
          {grouped}
        </Typography>
      </Box>
    </Box>
  );
}
