import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { Campaign } from '@sms/contracts/campaigns';
import { DEFAULT_MESSAGING_SETTINGS } from '@sms/contracts/messaging-settings';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../../components/full-page-loader';
import { errorMessage } from '../../../../lib/api-client';
import { useMessagingSettings } from '../../../../api/settings/get-messaging-settings';
import { useGatewayOptions } from '../../../../api/gateways/get-gateways';
import { ComposerForm } from './composer-form';

/** Loads what the composer starts from (messaging defaults, gateways); falls back to the built-in defaults if they cannot be read. */
export function ComposerLoader({ campaign, startWithTestSend }: { campaign: Campaign | null; startWithTestSend?: boolean }) {
  const { t } = useTranslation('campaigns');
  const settings = useMessagingSettings();
  const gateways = useGatewayOptions();
  if ((settings.isPending && !settings.isError) || (gateways.isPending && !gateways.isError)) return <FullPageLoader />;
  return (
    <Stack spacing={3}>
      {settings.isError ? (
        <Alert severity="warning">{t('composer.settingsUnavailable', { message: errorMessage(settings.error) })}</Alert>
      ) : null}
      {gateways.isError ? (
        <Alert severity="warning">{t('composer.gatewaysUnavailable', { message: errorMessage(gateways.error) })}</Alert>
      ) : null}
      <ComposerForm
        campaign={campaign}
        settings={settings.data ?? DEFAULT_MESSAGING_SETTINGS}
        gateways={gateways.data ?? []}
        startWithTestSend={startWithTestSend}
      />
    </Stack>
  );
}
