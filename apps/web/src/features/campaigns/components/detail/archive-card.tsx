import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client';
import { useCampaignArchive } from '../../../../api/campaigns/get-campaign-archive';
import { useSetCampaignArchive } from '../../../../api/campaigns/set-campaign-archive';

/**
 * Publish a campaign to the public archive from its page, sent or not (the composer only opens
 * drafts). The server refuses a message whose merge fields lack a fallback and names them.
 */
export function ArchiveCard({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation('archive');
  const archive = useCampaignArchive(campaignId);
  const setArchive = useSetCampaignArchive();
  const published = archive.data?.published ?? false;
  return (
    <Card data-testid="campaign-archive-card">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('composer.title')}
        </Typography>
        <Stack spacing={1.5}>
          <FormControlLabel
            control={
              <Switch
                checked={published}
                disabled={archive.isPending || setArchive.isPending}
                onChange={(event) => setArchive.mutate({ id: campaignId, published: event.target.checked })}
              />
            }
            label={t('composer.publish')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('composer.hint')}
          </Typography>
          {published && archive.data?.publishedBy ? (
            <Typography variant="body2" color="text.secondary">
              {t('composer.published', { name: archive.data.publishedBy })}
            </Typography>
          ) : null}
          {setArchive.isError ? <Alert severity="error">{errorMessage(setArchive.error)}</Alert> : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
