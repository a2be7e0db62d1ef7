import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LATEST_ARCHIVE_ENTRIES } from '@sms/contracts/public-archive-limits';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useArchive } from '../../../api/public-site/get-archive';
import { ArchiveEntryCard } from './archive-entry-card';

/** The landing page's newest public messages; nothing at all while the archive is empty or cannot load. */
export function LatestMessages() {
  const { t } = useTranslation('archive');
  const latest = useArchive({ limit: LATEST_ARCHIVE_ENTRIES, skip: 0 });
  const entries = latest.data?.data ?? [];
  if (entries.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="latest-messages" spacing={2} sx={{ mt: 6 }}>
      <Typography id="latest-messages" variant="h5" component="h2">
        {t('landing.latestTitle')}
      </Typography>
      {entries.map((entry) => (
        <ArchiveEntryCard key={entry.id} entry={entry} headingLevel="h3" />
      ))}
      <div>
        <Button component={RouterLink} to={paths.publicSite.blog}>
          {t('landing.all')}
        </Button>
      </div>
    </Stack>
  );
}
