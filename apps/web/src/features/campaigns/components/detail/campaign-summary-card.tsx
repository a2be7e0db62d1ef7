import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Campaign } from '@sms/contracts/campaigns';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../components/date-time';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { describeAudience } from './audience-description';
import { MessageSample } from './message-sample';
import { LtrText } from '../../../../components/ltr-text';
import { ScheduledTime } from '../../../../components/scheduled-time';
import { intlLocale } from '../../../../lib/i18n/intl-locale';

/** What the campaign says, to whom, from whom, when and how (the settings as saved). */
export function CampaignSummaryCard({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const none = t('detail.none');
  const date = (value: string | null) => formatDateTime(value, language) ?? none;
  const audience = describeAudience(campaign.audience).map(({ key, values }) =>
    t(key, 'field' in values ? { ...values, field: t(`fields.${String(values.field)}`) } : values),
  );
  const rows: Array<[string, ReactNode]> = [
    [t('fields.audience'), audience.join(' · ')],
    [t('fields.senderId'), campaign.senderId ? <LtrText>{campaign.senderId}</LtrText> : t('detail.gatewayDefaultSender')],
    [t('fields.gateway'), campaign.gatewayName ?? t('composer.defaultGateway')],
    [
      t('fields.schedule'),
      campaign.scheduledAt ? <ScheduledTime value={campaign.scheduledAt} timeZone={campaign.timeZone} /> : t('detail.whenLaunched'),
    ],
    [
      t('fields.rateLimit'),
      campaign.rateLimit === null
        ? t('detail.gatewayPace')
        : t('detail.perSecond', { count: campaign.rateLimit, rate: number.format(campaign.rateLimit) }),
    ],
    [t('fields.replyWindowHours'), t('detail.hours', { hours: number.format(campaign.replyWindowHours) })],
    [t('fields.quietHours'), campaign.quietHours ? `${campaign.quietHours.start}–${campaign.quietHours.end}` : none],
    [
      t('fields.validityHours'),
      campaign.validityHours === null ? t('detail.noLimit') : t('detail.hours', { hours: number.format(campaign.validityHours) }),
    ],
    [t('fields.createdBy'), campaign.createdBy?.name ?? t('detail.deletedUser')],
    [t('fields.createdAt'), date(campaign.createdAt)],
    // "Launched" only once sending started (decision 084).
    ...(campaign.launchedAt ? [[t('fields.launchedAt'), date(campaign.launchedAt)] as [string, ReactNode]] : []),
    [t('fields.completedAt'), date(campaign.completedAt ?? campaign.cancelledAt)],
  ];
  return (
    <Card data-testid="campaign-summary">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('detail.message')}
        </Typography>
        <MessageSample campaign={campaign} />
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, auto) 1fr' }, columnGap: 3, rowGap: 1.25 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
