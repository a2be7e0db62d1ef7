import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Campaign } from '@sms/contracts/campaigns';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { processedCount, progressPercent } from './campaign-figures';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** A compact progress bar with "processed / recipients" under it (nothing before launch). */
export function CampaignProgressCell({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const percent = progressPercent(campaign.counts);
  if (percent === null) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
        <Typography variant="body2" color="text.secondary">
          {t('list.notStarted')}
        </Typography>
      </Box>
    );
  }
  const number = new Intl.NumberFormat(intlLocale(language));
  const label = t('list.progressLabel', {
    done: number.format(processedCount(campaign.counts)),
    total: number.format(campaign.counts.total),
  });
  return (
    <Box sx={{ width: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', gap: 0.5 }}>
      <LinearProgress variant="determinate" value={percent} aria-label={label} sx={{ height: 6, borderRadius: 3 }} />
      <Typography variant="caption" color="text.secondary" noWrap>
        {label}
      </Typography>
    </Box>
  );
}
