import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { RetryAlert } from '../../../components/retry-alert';
import { useContactConsents } from '../../../api/contacts/get-contact-consents';

/** The contact page's consent history: each opt-in or opt-out from the public site, with what was agreed to. */
export function ContactConsentsCard({ contactId }: { contactId: string }) {
  const { t } = useTranslation('contacts');
  const query = useContactConsents(contactId);
  if (query.isPending || (query.data && query.data.length === 0)) return null;
  return (
    <Card sx={{ mt: 3 }} data-testid="contact-consents">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('consents.title')}
        </Typography>
        {query.isError ? (
          <RetryAlert error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {query.data.map((record) => (
              <Box component="li" key={record.id} sx={{ listStyle: 'none', py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t(`consents.${record.action}`)} · {t(`consents.sources.${record.source}`, { defaultValue: record.source })}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    <DateTime value={record.at} fallback="" />
                  </Typography>
                </Stack>
                {record.topics.length > 0 ? (
                  <Typography variant="body2">{t('consents.topics', { topics: record.topics.join(', ') })}</Typography>
                ) : null}
                {record.consentText ? (
                  <Typography variant="body2" color="text.secondary" dir="auto">
                    {t('consents.text', { text: record.consentText })}
                  </Typography>
                ) : null}
                <Typography variant="caption" color="text.secondary" dir="auto">
                  {t('consents.from', { ip: record.ip ?? '—', agent: record.userAgent ?? '—' })}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
