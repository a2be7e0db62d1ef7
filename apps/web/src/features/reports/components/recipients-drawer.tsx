import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocalListState } from '../../../lib/list-state/use-list-state';
import { useRecipients, type RecipientsParams } from '../../../api/reports/get-recipients';
import { RecipientsGrid } from './recipients-grid';
import type { DrillDown } from './report-format';
import { recipientsList, tableQuery } from './report-tables';
import { useReportFormat } from './use-report-format';

export interface RecipientsDrawerProps {
  campaignId: string;
  /** The filter behind the chosen cell; null closes the drawer. */
  drill: DrillDown | null;
  /** What was chosen, e.g. "north · Replied YES". */
  title: string;
  onClose: () => void;
}

/** The recipients behind a cell of the tag1 report, in a side panel with paging. */
export function RecipientsDrawer({ campaignId, drill, title, onClose }: RecipientsDrawerProps) {
  const { t } = useTranslation('reports');
  return (
    <Drawer
      anchor="right"
      open={drill !== null}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', md: 900 }, maxWidth: '100%' }, role: 'dialog', 'aria-labelledby': 'drill-title' } as object,
      }}
    >
      <Box sx={{ p: 2.5 }} data-testid="recipients-drawer">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id="drill-title" variant="h6" component="h2">
            {title}
          </Typography>
          <IconButton onClick={onClose} aria-label={t('drill.close')}>
            <IconX size={20} aria-hidden />
          </IconButton>
        </Stack>
        {drill ? <DrillDownTable key={JSON.stringify(drill)} campaignId={campaignId} drill={drill} label={title} /> : null}
      </Box>
    </Drawer>
  );
}

function DrillDownTable({ campaignId, drill, label }: { campaignId: string; drill: DrillDown; label: string }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const table = useLocalListState(recipientsList);
  const query: RecipientsParams = { ...tableQuery(table.state), ...drill };
  const recipients = useRecipients(campaignId, query);
  return (
    <>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mb: 1 }}
        aria-live="polite"
        data-testid="drill-total"
        data-value={recipients.data?.total ?? ''}
      >
        {recipients.data
          ? t('drill.total', { count: recipients.data.total, formatted: format.count(recipients.data.total) })
          : t('drill.loading')}
      </Typography>
      <RecipientsGrid testId="drill-grid" label={label} list={table} query={recipients} />
    </>
  );
}
