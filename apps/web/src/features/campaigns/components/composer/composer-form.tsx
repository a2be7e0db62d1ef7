import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { CAMPAIGN_ERROR_CODES, CAMPAIGN_LIMITS, type Campaign } from '@sms/contracts/campaigns';
import type { Gateway } from '@sms/contracts/gateways';
import type { MessagingSettings } from '@sms/contracts/messaging-settings';
import { isLocalDateTime, isTimeZone, zonedToInstant } from '@sms/contracts/zoned-time';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../../components/forms/form-text-field';
import { OnceOpened } from '../../../../components/once-opened';
import { paths } from '../../../../config/paths';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { useCampaignAction } from '../../../../api/campaigns/campaign-action';
import { useApprovalAction } from '../../../../api/campaigns/approval-actions';
import { ArchiveSection } from './archive-section';
import { AudienceSection } from './audience-section';
import { ComposerActions, type ComposerIntent } from './composer-actions';
import { composerResolver, formFieldFor, type ComposerOutput } from './composer-resolver';
import { ComposerSection } from './composer-section';
import { composerDefaults, parseWhole, type ComposerValues } from './composer-values';
import { DeliverySection } from './delivery-section';
import { formatMoney } from '../../../../lib/money';
import { estimateCampaign, gatewayPace, partPriceRange } from './estimates';
import { EstimatesCard } from './estimates-card';
import { LaunchDialog } from './launch-dialog';
import { MessagePreview } from './message-preview';
import { MessageSection } from './message-section';
import { messageStats } from '../../../../lib/messaging/message-stats';
import { ScheduleSection } from './schedule-section';
import { SenderSection } from './sender-section';
import { useComposerAudience } from './use-composer-audience';
import { useArchiveChoice } from './use-archive-choice';
import { useComposerSave } from './use-composer-save';
import { useApprovalNeeded } from './use-approval-needed';
import { intlLocale } from '../../../../lib/i18n/intl-locale';
import { lazyPage } from '../../../../lib/lazy-page';

/** The test-send dialog (with its contact picker) downloads when a test is first asked for. */
const TestSendDialog = lazyPage(async () => ({ default: (await import('./test-send-dialog')).TestSendDialog }));

export interface ComposerFormProps {
  /** The campaign being edited; null for a new one. */
  campaign: Campaign | null;
  settings: MessagingSettings;
  gateways: Gateway[];
  /** Open the test-send dialog at once (a new campaign was just saved for it). */
  startWithTestSend?: boolean;
}

/** The campaign composer: message, sender, audience, schedule and delivery, with live preview, estimates and the send flow. */
export function ComposerForm({ campaign, settings, gateways, startWithTestSend = false }: ComposerFormProps) {
  const { t } = useTranslation(['campaigns', 'common', 'archive']);
  const { language } = useLanguage();
  const navigate = useNavigate();
  const { saved, save } = useComposerSave(campaign);
  const launch = useCampaignAction();
  const requestApproval = useApprovalAction();
  const [busy, setBusy] = useState<ComposerIntent | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [testing, setTesting] = useState(startWithTestSend);
  const { control, handleSubmit, setValue, setError } = useForm<ComposerValues, unknown, ComposerOutput>({
    resolver: composerResolver,
    defaultValues: composerDefaults(campaign, settings.timeZone),
  });
  const [body, audienceValues, mode, local, timeZone, rateLimit, gatewayId, senderId] = useWatch({
    control,
    name: ['body', 'audience', 'scheduleMode', 'scheduledLocal', 'timeZone', 'rateLimit', 'gatewayId', 'senderId'],
  });
  const audience = useComposerAudience(audienceValues);
  const archive = useArchiveChoice(saved?.id ?? null, body);
  const stats = useMemo(() => messageStats(body), [body]);
  const scheduledAt = mode === 'later' && isLocalDateTime(local) && isTimeZone(timeZone) ? zonedToInstant(local, timeZone) : null;
  const gateway = gateways.find((entry) => (gatewayId ? entry.id === gatewayId : entry.isDefault));
  const campaignRate = parseWhole(rateLimit);
  const estimate = estimateCampaign({
    recipients: audience.recipients ?? 0,
    segmentsPerMessage: stats.analysis.segments,
    destinations: audience.destinations,
    prices: settings,
    encoding: stats.analysis.encoding,
    campaignRate: campaignRate !== null && !Number.isNaN(campaignRate) ? campaignRate : null,
    gatewayRate: gateway ? gatewayPace(gateway) : null,
    start: scheduledAt ?? new Date(),
  });
  const scheduled = campaign?.status === 'scheduled';
  // Over the approval rule, "Send" becomes "Request approval": the campaign goes in review (decision 101).
  const needsApproval = useApprovalNeeded(audience.recipients);
  const blocker =
    stats.problems.length > 0
      ? t('composer.blockers.problems')
      : body.trim() === ''
        ? t('composer.blockers.emptyBody')
        : audience.recipients === 0
          ? t('composer.blockers.emptyAudience')
          : archive.missing.length > 0
            ? t('archive:composer.blocker')
            : null;

  const showError = (error: unknown) => {
    const field = error instanceof ApiError && error.status === 400 && error.field ? formFieldFor(error.field) : null;
    if (field && error instanceof ApiError) setError(field, { type: 'server', message: error.detail }, { shouldFocus: true });
    else setFailure(errorMessage(error));
  };
  const submit = (intent: ComposerIntent) =>
    void handleSubmit(
      async (output) => {
        setBusy(intent);
        setFailure(null);
        try {
          const result = await save(output);
          await archive.apply(result.id);
          if (intent === 'draft') void navigate(paths.campaigns.detail(result.id), { state: { notice: campaign ? 'updated' : 'created' } });
          else if (intent === 'launch') setConfirming(true);
          else if (campaign) setTesting(true);
          else void navigate(paths.campaigns.edit(result.id), { replace: true, state: { testSend: true } });
        } catch (error) {
          showError(error);
        } finally {
          setBusy(null);
        }
      },
      () => setFailure(t('composer.fixErrors')),
    )();
  const confirmLaunch = () => {
    if (!saved) return;
    if (needsApproval) {
      requestApproval.mutate(
        { id: saved.id, action: 'request-approval' },
        { onSuccess: (result) => void navigate(paths.campaigns.detail(result.id), { state: { notice: 'approvalRequested' } }) },
      );
      return;
    }
    launch.mutate(
      { id: saved.id, action: 'launch' },
      {
        onSuccess: (result) =>
          void navigate(paths.campaigns.detail(result.id), { state: { notice: result.status === 'scheduled' ? 'scheduled' : 'launched' } }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === CAMPAIGN_ERROR_CODES.scheduleInPast) {
            setConfirming(false);
            launch.reset();
            setError('scheduledLocal', { type: 'server', message: 'validation.scheduleInPast' }, { shouldFocus: true });
          }
        },
      },
    );
  };
  const closeConfirm = () => {
    setConfirming(false);
    launch.reset();
    requestApproval.reset();
    // A new campaign now exists as a draft: carry on editing it at its own address.
    if (!campaign && saved) void navigate(paths.campaigns.edit(saved.id), { replace: true });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      data-testid="campaign-composer"
      aria-label={t('composer.formLabel')}
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <ComposerSection title={t('composer.sections.message')} description={t('composer.sections.messageHint')}>
              <Stack spacing={2.5}>
                <FormTextField
                  control={control}
                  name="name"
                  label={t('fields.name')}
                  required
                  autoComplete="off"
                  slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.nameMax } }}
                />
                <MessageSection control={control} setValue={setValue} body={body} senderId={senderId} />
              </Stack>
            </ComposerSection>
            <ComposerSection title={t('composer.sections.sender')}>
              <SenderSection control={control} gateways={gateways} />
            </ComposerSection>
            <ComposerSection title={t('composer.sections.audience')} testId="audience-section">
              <AudienceSection control={control} setValue={setValue} audience={audience} selfId={saved?.id ?? null} />
            </ComposerSection>
            <ComposerSection title={t('composer.sections.schedule')}>
              <ScheduleSection control={control} scheduled={scheduled} />
            </ComposerSection>
            <ComposerSection title={t('composer.sections.delivery')}>
              <DeliverySection control={control} organisationTimeZone={settings.timeZone} />
            </ComposerSection>
            <ComposerSection title={t('archive:composer.title')} testId="archive-section">
              <ArchiveSection
                published={archive.published}
                onChange={archive.setPublished}
                missing={archive.missing}
                publishedBy={archive.publishedBy}
              />
            </ComposerSection>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Card sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
            <CardContent>
              <Stack spacing={2.5}>
                <MessagePreview body={body} sample={audience.preview?.sample ?? []} senderId={senderId} />
                <Divider />
                <EstimatesCard
                  recipients={audience.recipients}
                  segmentsPerMessage={stats.analysis.segments}
                  estimate={estimate}
                  currency={settings.currency}
                  partPrice={partPriceRange(settings, audience.destinations, stats.analysis.encoding)}
                />
                <Divider />
                <ComposerActions
                  scheduled={scheduled}
                  later={mode === 'later'}
                  approval={needsApproval}
                  blocker={blocker}
                  failure={failure}
                  busy={busy}
                  onSubmit={submit}
                />
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <LaunchDialog
        open={confirming}
        scheduledFor={
          scheduledAt
            ? `${new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(scheduledAt)} (${timeZone})`
            : null
        }
        recipients={audience.recipients ?? 0}
        segmentsPerMessage={stats.analysis.segments}
        cost={settings.currency ? formatMoney(estimate.cost ?? 0, settings.currency, language) : null}
        approval={needsApproval}
        busy={launch.isPending || requestApproval.isPending}
        error={launch.isError ? errorMessage(launch.error) : requestApproval.isError ? errorMessage(requestApproval.error) : null}
        onConfirm={confirmLaunch}
        onClose={closeConfirm}
      />
      <OnceOpened open={testing}>
        <TestSendDialog
          open={testing}
          campaignId={saved?.id ?? null}
          body={body}
          defaultCountry={settings.defaultCountry ?? ''}
          onClose={() => setTesting(false)}
        />
      </OnceOpened>
    </Box>
  );
}
