import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { IconPlus, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSenders } from '../../../api/senders/get-senders';
import { useSaveSenderSettings, useSenderSettings } from '../../../api/senders/sender-settings';
import { EmptyState } from '../../../components/empty-state';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { SenderStatusChip } from '../components/sender-status-chip';

/** /apps/ecommerce/eco-product-list: every number and sender ID, its gateway, registration and use in the last 30 days. */
export default function SendersListPage() {
  const { t } = useTranslation('senders');
  const senders = useSenders();
  const rows = senders.data?.data ?? [];
  return (
    <PageContainer
      title={t('list.title')}
      description={t('list.description')}
      actions={
        <Can I="create" a="Sender">
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to={paths.senders.shop} variant="contained" startIcon={<IconShoppingCart size={18} />}>
              {t('list.buy')}
            </Button>
            <Button component={RouterLink} to={paths.senders.add} variant="outlined" startIcon={<IconPlus size={18} />}>
              {t('list.add')}
            </Button>
          </Stack>
        </Can>
      }
    >
      <Can I="update" a="Sender">
        <RestrictSwitch />
      </Can>
      <LoadOrRetry query={senders}>
        {rows.length === 0 ? (
          <EmptyState title={t('list.empty')} />
        ) : (
          <Card>
            <TableContainer>
              <Table size="small" aria-label={t('list.title')} data-testid="senders-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fields.value')}</TableCell>
                    <TableCell>{t('fields.gateway')}</TableCell>
                    <TableCell>{t('fields.status')}</TableCell>
                    <TableCell>{t('list.usedBy')}</TableCell>
                    <TableCell align="right">{t('list.messages')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((sender) => (
                    <TableRow key={sender.id} data-sender={sender.value}>
                      <TableCell>
                        <Link component={RouterLink} to={paths.senders.detail(sender.id)} dir="ltr">
                          {sender.value}
                        </Link>{' '}
                        · {t(`kind.${sender.kind}`)}
                      </TableCell>
                      <TableCell>{sender.gateway?.name ?? t('list.anyGateway')}</TableCell>
                      <TableCell>
                        <SenderStatusChip status={sender.status} />
                        {sender.notes ? <div>{sender.notes}</div> : null}
                      </TableCell>
                      <TableCell>
                        {[
                          ...sender.usage.campaigns.map((c) => c.name),
                          ...sender.usage.apiKeys.map((k) => t('list.apiKey', { name: k.name })),
                        ].join(', ') || '—'}
                      </TableCell>
                      <TableCell align="right">{sender.usage.messages}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
        )}
      </LoadOrRetry>
    </PageContainer>
  );
}

/** The organisation's rule: the integration API sends only from approved senders of the list. */
function RestrictSwitch() {
  const { t } = useTranslation('senders');
  const settings = useSenderSettings();
  const save = useSaveSenderSettings();
  return (
    <Card sx={{ p: 2, mb: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={settings.data?.restrictToList ?? false}
            disabled={!settings.data || save.isPending}
            onChange={(event) => save.mutate({ restrictToList: event.target.checked })}
          />
        }
        label={t('list.restrict')}
      />
      {save.isError ? <Alert severity="error">{errorMessage(save.error)}</Alert> : null}
    </Card>
  );
}
