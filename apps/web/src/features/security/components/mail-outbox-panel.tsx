import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { SecuritySettingsResponse } from '@sms/contracts/security-settings';
import { IconChevronDown, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { errorMessage } from '../../../lib/api-client';
import { useMailOutbox } from '../../../api/mail-outbox/get-mail-outbox';
import { EmptyState } from '../../../components/empty-state';

const PAGE_SIZE = 10;

/**
 * Account messages the server could not send (no SMTP server, no SMS gateway): reset links to
 * pass on to their owners. Admins only; the links inside work for 30 minutes.
 */
export function MailOutboxPanel({
  delivery,
  linksHaveAddress,
}: {
  delivery: SecuritySettingsResponse['delivery'];
  linksHaveAddress: boolean;
}) {
  const { t } = useTranslation(['security', 'common']);
  const [page, setPage] = useState(0);
  const outbox = useMailOutbox({ limit: PAGE_SIZE, skip: page * PAGE_SIZE });

  return (
    <Card data-testid="mail-outbox">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 2 }}>
          <Box>
            <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
              {t('outbox.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('outbox.description')}
            </Typography>
          </Box>
          <Button startIcon={<IconRefresh size={18} aria-hidden />} onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
            {t('outbox.refresh')}
          </Button>
        </Stack>
        <Alert severity={delivery === 'outbox' ? 'warning' : 'info'} sx={{ mb: 2 }}>
          {t(`outbox.delivery.${delivery}`)}
        </Alert>
        {linksHaveAddress ? null : (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="outbox-no-address">
            {t('outbox.noAddress')}
          </Alert>
        )}
        {outbox.isError ? <Alert severity="error">{errorMessage(outbox.error)}</Alert> : null}
        {outbox.data && outbox.data.total === 0 ? <EmptyState title={t('outbox.empty')} testId="outbox-empty" /> : null}
        {outbox.data?.data.map((entry) => (
          <Accordion key={entry.id} disableGutters variant="outlined" data-testid="outbox-entry">
            <AccordionSummary expandIcon={<IconChevronDown size={18} aria-hidden />}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{entry.subject}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {t('outbox.to', { email: entry.to })} · <DateTime value={entry.createdAt} fallback="" />
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails>
              <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', fontSize: 14 }}>
                {entry.body}
              </Box>
            </AccordionDetails>
          </Accordion>
        ))}
        {outbox.data && outbox.data.total > PAGE_SIZE ? (
          <TablePagination
            component="div"
            count={outbox.data.total}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_event, next) => setPage(next)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
