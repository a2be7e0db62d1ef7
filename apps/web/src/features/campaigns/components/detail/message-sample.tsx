import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Campaign } from '@sms/contracts/campaigns';
import { parseTemplate, renderTemplate } from '@sms/contracts/message-template';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAudiencePreview } from '../../../../api/campaigns/preview-audience';
import { useAbility } from '../../../../lib/permissions/use-ability';
import { audienceFromValues, audienceValues } from '../composer/composer-values';
import { contactLabel } from '../composer/message-preview';

const bubble = { bgcolor: 'grey.100', borderRadius: 2, p: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * The campaign's message as a sample contact of its audience gets it (merge fields filled, the
 * composer's first preview contact), with the text as written below it. Roles that cannot
 * preview audiences, explicit lists and audiences with nobody show it with the fallbacks, and say so.
 */
export function MessageSample({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  const ability = useAbility();
  const merged = useMemo(() => parseTemplate(campaign.body).tokens.length > 0, [campaign.body]);
  // The audience as the composer previews it (an explicit list's ids are not in the view: none then).
  const audience = useMemo(() => audienceFromValues(audienceValues(campaign)) ?? null, [campaign]);
  const preview = useAudiencePreview(merged && ability.can('create', 'Campaign') ? audience : null);
  const contact = preview.data?.sample[0] ?? null;
  if (!campaign.body) {
    return (
      <Box sx={{ ...bubble, mb: 3 }} data-testid="campaign-body-text">
        <Typography color="text.secondary">{t('detail.noBody')}</Typography>
      </Box>
    );
  }
  if (!merged) {
    return (
      <Box sx={{ ...bubble, mb: 3 }} data-testid="campaign-body-text" dir="auto">
        {campaign.body}
      </Box>
    );
  }
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }} data-testid="campaign-sample-for">
        {contact ? t('detail.sampleFor', { name: contactLabel(contact) }) : t('detail.sampleFallbacks')}
      </Typography>
      <Box sx={bubble} data-testid="campaign-body-sample" dir="auto">
        {renderTemplate(campaign.body, contact ?? {})}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5, mb: 0.5 }}>
        {t('detail.template')}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
        data-testid="campaign-body-text"
        dir="auto"
      >
        {campaign.body}
      </Typography>
    </Box>
  );
}
