import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ArchiveEntry } from '@sms/contracts/public-archive';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { paths } from '../../../config/paths';
import { excerptOf } from './archive-excerpt';

/** One archive entry in a list: kind, date, title and the start of its text, linking to the whole. */
export function ArchiveEntryCard({ entry, headingLevel = 'h2' }: { entry: ArchiveEntry; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation('archive');
  return (
    <Card variant="outlined" component="article" data-testid="archive-entry">
      <CardActionArea component={RouterLink} to={paths.publicSite.blogEntry(entry.id)}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Chip size="small" label={t(`blog.kind.${entry.kind}`)} />
            <Typography variant="body2" color="text.secondary">
              <DateTime value={entry.publishedAt} fallback="" />
            </Typography>
          </Stack>
          <Typography variant="h6" component={headingLevel} dir="auto" sx={{ mb: 1 }}>
            {entry.title}
          </Typography>
          <Typography color="text.secondary" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
            {excerptOf(entry)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
