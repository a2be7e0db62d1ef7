import Typography from '@mui/material/Typography';
import type { ArchiveEntry } from '@sms/contracts/public-archive';
import { MarkdownView } from './markdown-view';

/** An archive entry's text: a campaign's message as written (plain text), a post's Markdown rendered safely. */
export function ArchiveEntryBody({ entry }: { entry: ArchiveEntry }) {
  if (entry.kind === 'post') return <MarkdownView source={entry.body} />;
  return (
    <Typography dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="archive-message">
      {entry.body}
    </Typography>
  );
}
