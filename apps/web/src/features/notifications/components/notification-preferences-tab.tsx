import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { NotificationChannels, NotificationKind } from '@sms/contracts/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../../components/card-list/card-list';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useNotificationPreferences } from '../../../api/notifications/get-preferences';
import { useSaveNotificationPreferences } from '../../../api/notifications/save-preferences';

/** Account settings, Notifications: per kind my role receives, in the app and/or by e-mail. Each tick saves. */
export function NotificationPreferencesTab() {
  const { t } = useTranslation('notifications');
  const query = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  // A tick shows at once (a controlled checkbox would otherwise wait for the server's answer).
  const [shown, setShown] = useState<Partial<Record<NotificationKind, NotificationChannels>>>({});
  // On a phone, a card per kind: the table's long kind names pushed its check boxes past the screen (issue 37).
  const cards = useCardLayout();
  if (query.isError) return <RetryAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <FullPageLoader />;
  const { emailAvailable } = query.data;
  const kinds = query.data.kinds.map((entry) => ({ ...entry, ...shown[entry.kind] }));

  const change = (kind: NotificationKind, channel: 'inApp' | 'email', value: boolean) => {
    const current = kinds.find((entry) => entry.kind === kind);
    if (!current) return;
    const next = { inApp: current.inApp, email: current.email, [channel]: value };
    setShown((before) => ({ ...before, [kind]: next }));
    const settled = () =>
      setShown((before) => {
        const rest = { ...before };
        delete rest[kind];
        return rest;
      });
    save.mutate({ kinds: { [kind]: next } }, { onSettled: settled });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        {t('preferences.title')}
      </Typography>
      <Typography color="text.secondary">{t('preferences.intro')}</Typography>
      {emailAvailable ? null : <Alert severity="info">{t('preferences.noEmail')}</Alert>}
      {save.isError ? <Alert severity="error">{errorMessage(save.error)}</Alert> : null}
      {kinds.length === 0 ? (
        <Typography>{t('preferences.none')}</Typography>
      ) : cards ? (
        <CardList
          rows={kinds}
          rowKey={(entry) => entry.kind}
          label={t('preferences.title')}
          testId="notification-preference-cards"
          title={(entry) => t(`kinds.${entry.kind}`)}
          fields={[
            {
              key: 'inApp',
              label: t('preferences.inApp'),
              render: (entry) => (
                <Checkbox
                  checked={entry.inApp}
                  onChange={(event) => change(entry.kind, 'inApp', event.target.checked)}
                  sx={{ p: 0 }}
                  slotProps={{ input: { 'aria-label': t('preferences.inAppFor', { kind: t(`kinds.${entry.kind}`) }) } }}
                />
              ),
            },
            {
              key: 'email',
              label: t('preferences.email'),
              render: (entry) => (
                <Checkbox
                  checked={entry.email}
                  onChange={(event) => change(entry.kind, 'email', event.target.checked)}
                  sx={{ p: 0 }}
                  slotProps={{ input: { 'aria-label': t('preferences.emailFor', { kind: t(`kinds.${entry.kind}`) }) } }}
                />
              ),
            },
          ]}
        />
      ) : (
        <Table size="small" aria-label={t('preferences.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('preferences.event')}</TableCell>
              <TableCell align="center">{t('preferences.inApp')}</TableCell>
              <TableCell align="center">{t('preferences.email')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {kinds.map((entry) => (
              <TableRow key={entry.kind}>
                <TableCell component="th" scope="row">
                  {t(`kinds.${entry.kind}`)}
                </TableCell>
                <TableCell align="center">
                  <Checkbox
                    checked={entry.inApp}
                    onChange={(event) => change(entry.kind, 'inApp', event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('preferences.inAppFor', { kind: t(`kinds.${entry.kind}`) }) } }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Checkbox
                    checked={entry.email}
                    onChange={(event) => change(entry.kind, 'email', event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('preferences.emailFor', { kind: t(`kinds.${entry.kind}`) }) } }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
