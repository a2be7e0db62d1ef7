import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Gateway, GatewayTestResult } from '@sms/contracts/gateways';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { FullPageLoader } from '../../../components/full-page-loader';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useGateways } from '../../../api/gateways/get-gateways';
import { useTestGateway } from '../../../api/gateways/test-gateway';
import { useUpdateGateway } from '../../../api/gateways/update-gateway';
import { DeleteGatewayDialog } from './delete-gateway-dialog';
import { GatewayCards } from './gateway-cards';
import { GatewayDialog } from './gateway-dialog';
import { GatewayRow } from './gateway-row';

/** The SMS gateways tab of /configurations: everyone who may read sees them and can test them; admins change them. */
export function GatewaysTab() {
  const { t } = useTranslation(['gateways', 'common']);
  const canEdit = useAbility().can('update', 'Gateway');
  const canCreate = useAbility().can('create', 'Gateway');
  const query = useGateways();
  const update = useUpdateGateway();
  const test = useTestGateway();
  const [editing, setEditing] = useState<Gateway | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Gateway | null>(null);
  const [result, setResult] = useState<{ name: string; outcome: GatewayTestResult } | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  // On a phone, cards: the table's six columns scrolled sideways.
  const cards = useCardLayout();
  if (query.isPending) return <FullPageLoader />;

  const change = (gateway: Gateway, body: Parameters<typeof update.mutate>[0]['body'], text: string) =>
    update.mutate(
      { id: gateway.id, body },
      {
        onSuccess: () => setNotice({ severity: 'success', text }),
        onError: (error) => setNotice({ severity: 'error', text: errorMessage(error) }),
      },
    );
  const toggle = (gateway: Gateway, enabled: boolean) =>
    change(gateway, { enabled }, t(enabled ? 'notices.enabled' : 'notices.disabled', { name: gateway.name }));
  const makeDefault = (gateway: Gateway) => change(gateway, { isDefault: true }, t('notices.madeDefault', { name: gateway.name }));
  const gateways = query.data?.data ?? [];
  const runTest = (gateway: Gateway) => {
    setResult(null);
    test.mutate(gateway.id, {
      onSuccess: (outcome) => setResult({ name: gateway.name, outcome }),
      onError: (error) => setResult({ name: gateway.name, outcome: { ok: false, message: errorMessage(error) } }),
    });
  };

  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 240 }}>
            <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
              {t('title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('description')}
            </Typography>
          </Box>
          {canCreate ? (
            <Button variant="contained" startIcon={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
              {t('add')}
            </Button>
          ) : null}
        </Box>
        {canEdit ? null : (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('readOnly')}
          </Alert>
        )}
        {query.isError ? <RetryAlert error={query.error} onRetry={() => void query.refetch()} sx={{ mb: 2 }} /> : null}
        {test.isPending ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('testing')}
          </Alert>
        ) : null}
        {result ? (
          <Alert
            severity={result.outcome.ok ? 'success' : 'error'}
            sx={{ mb: 2 }}
            data-testid="gateway-test-result"
            onClose={() => setResult(null)}
          >
            {t(result.outcome.ok ? 'testOk' : 'testFailed', { name: result.name, message: result.outcome.message })}
          </Alert>
        ) : null}
        {cards ? (
          <GatewayCards
            gateways={gateways}
            canEdit={canEdit}
            busy={update.isPending || test.isPending}
            onTest={runTest}
            onEdit={setEditing}
            onToggle={toggle}
            onMakeDefault={makeDefault}
            onDelete={setDeleting}
          />
        ) : (
          <TableContainer>
            <Table aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('fields.name')}</TableCell>
                  <TableCell>{t('fields.kind')}</TableCell>
                  <TableCell>{t('fields.rateLimit')}</TableCell>
                  <TableCell>{t('fields.link')}</TableCell>
                  <TableCell>{t('fields.enabled')}</TableCell>
                  <TableCell align="right">{t('actionsLabel')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {gateways.map((gateway) => (
                  <GatewayRow
                    key={gateway.id}
                    gateway={gateway}
                    canEdit={canEdit}
                    busy={update.isPending || test.isPending}
                    onTest={() => runTest(gateway)}
                    onEdit={() => setEditing(gateway)}
                    onToggle={(enabled) => toggle(gateway, enabled)}
                    onMakeDefault={() => makeDefault(gateway)}
                    onDelete={() => setDeleting(gateway)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      <GatewayDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        open={editing !== null}
        gateway={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setNotice({ severity: 'success', text: t('notices.saved', { name: saved.name }) });
        }}
      />
      <DeleteGatewayDialog
        gateway={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setNotice({ severity: 'success', text: t('notices.deleted', { name: deleting?.name ?? '' }) });
          setDeleting(null);
        }}
      />
      <MessageSnackbar message={notice?.text ?? null} severity={notice?.severity} onClose={() => setNotice(null)} />
    </Card>
  );
}
