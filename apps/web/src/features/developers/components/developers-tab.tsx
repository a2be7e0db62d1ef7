import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@sms/contracts/api-keys';
import { IconKey, IconKeyOff, IconListCheck, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scopeKey } from './scope-key';
import { CardList } from '../../../components/card-list/card-list';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateTime, formatDateTime } from '../../../components/date-time';
import { EmptyState } from '../../../components/empty-state';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useApiKeys } from '../../../api/api-keys/get-api-keys';
import { useRevokeApiKey } from '../../../api/api-keys/revoke-api-key';
import { useRotateApiKey } from '../../../api/api-keys/rotate-api-key';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { EditScopesDialog } from './edit-scopes-dialog';
import { SecretOnce } from './secret-once';
import { WebhooksSection } from './webhooks-section';

/** The Developers tab of /configurations (administrators): integration API keys and webhooks. */
export function DevelopersTab() {
  return (
    <>
      <ApiKeysSection />
      <WebhooksSection />
    </>
  );
}

/** A key's name, the first characters of its secret, and until when a rotated-out secret still works. */
function KeyName({ apiKey }: { apiKey: ApiKey }) {
  const { t, i18n } = useTranslation('developers');
  const overlap = apiKey.previousSecretExpiresAt;
  return (
    <>
      <Typography variant="body2">{apiKey.name}</Typography>
      <Typography variant="caption" color="text.secondary" dir="ltr" sx={{ fontFamily: 'monospace' }}>
        {apiKey.prefix}…
      </Typography>
      {overlap && !apiKey.revokedAt && new Date(overlap).getTime() > Date.now() && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="api-key-overlap">
          {t('keys.oldSecretUntil', { date: formatDateTime(overlap, i18n.language) })}
        </Typography>
      )}
    </>
  );
}

function Scopes({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('developers');
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {apiKey.scopes.map((scope) => (
        <Chip key={scope} size="small" label={t(`scopes.${scopeKey(scope)}`)} />
      ))}
    </Stack>
  );
}

/** When the key was last used, and from which address. */
function LastUsed({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('developers');
  return (
    <>
      <DateTime value={apiKey.lastUsedAt} fallback={t('keys.never')} />
      {apiKey.lastUsedIp && (
        <Typography variant="caption" color="text.secondary" dir="ltr" sx={{ display: 'block' }}>
          {apiKey.lastUsedIp}
        </Typography>
      )}
    </>
  );
}

function ApiKeysSection() {
  const { t } = useTranslation('developers');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const rotate = useRotateApiKey();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const cards = useCardLayout();

  if (keys.isPending) return <FullPageLoader />;
  if (keys.isError) return <RetryAlert error={keys.error} onRetry={() => void keys.refetch()} />;

  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2, gap: 2 }}>
          <div>
            <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
              {t('keys.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('keys.description')}
            </Typography>
          </div>
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t('keys.create')}
          </Button>
        </Stack>
        {secret && (
          <SecretOnce
            message={t('keys.secretOnce', { name: secret.name })}
            secret={secret.secret}
            onClose={() => setSecret(null)}
            testId="api-key-secret"
          />
        )}
        {keys.data.length === 0 ? (
          <EmptyState icon={<IconKey size={36} stroke={1.4} />} title={t('keys.empty')} testId="api-keys-empty" />
        ) : cards ? (
          // On a phone, cards: the table's six columns ran past the screen's edge.
          <CardList<ApiKey>
            rows={keys.data}
            rowKey={(key) => key.id}
            label={t('keys.title')}
            testId="api-key-cards"
            title={(key) => <KeyName apiKey={key} />}
            fields={[
              { key: 'scopes', label: t('keys.scopes'), render: (key) => <Scopes apiKey={key} /> },
              { key: 'lastUsed', label: t('keys.lastUsed'), render: (key) => <LastUsed apiKey={key} /> },
              {
                key: 'expires',
                label: t('keys.expires'),
                render: (key) => <DateTime value={key.expiresAt} fallback={t('keys.noExpiry')} />,
              },
              { key: 'status', label: t('keys.status'), render: (key) => (key.revokedAt ? t('keys.revoked') : t('keys.active')) },
            ]}
            actions={(key) =>
              key.revokedAt
                ? []
                : [
                    {
                      key: 'rotate',
                      label: t('keys.rotateNamed', { name: key.name }),
                      icon: <IconRefresh size={20} aria-hidden />,
                      onClick: () => setRotating(key),
                    },
                    {
                      key: 'scopes',
                      label: t('keys.editScopesNamed', { name: key.name }),
                      icon: <IconListCheck size={20} aria-hidden />,
                      onClick: () => setEditing(key),
                    },
                    {
                      key: 'revoke',
                      label: t('keys.revokeNamed', { name: key.name }),
                      icon: <IconKeyOff size={20} aria-hidden />,
                      onClick: () => setRevoking(key),
                    },
                  ]
            }
          />
        ) : (
          <Table size="small" aria-label={t('keys.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('keys.name')}</TableCell>
                <TableCell>{t('keys.scopes')}</TableCell>
                <TableCell>{t('keys.lastUsed')}</TableCell>
                <TableCell>{t('keys.expires')}</TableCell>
                <TableCell>{t('keys.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.data.map((key) => (
                <TableRow key={key.id} data-testid="api-key-row">
                  <TableCell>
                    <KeyName apiKey={key} />
                  </TableCell>
                  <TableCell>
                    <Scopes apiKey={key} />
                  </TableCell>
                  <TableCell>
                    <LastUsed apiKey={key} />
                  </TableCell>
                  <TableCell>
                    <DateTime value={key.expiresAt} fallback={t('keys.noExpiry')} />
                  </TableCell>
                  <TableCell>{key.revokedAt ? t('keys.revoked') : t('keys.active')}</TableCell>
                  <TableCell align="right">
                    {!key.revokedAt && (
                      <Stack direction="row" sx={{ gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                        <Button size="small" onClick={() => setRotating(key)}>
                          {t('keys.rotate')}
                        </Button>
                        <Button size="small" onClick={() => setEditing(key)}>
                          {t('keys.editScopes')}
                        </Button>
                        <Button color="error" size="small" onClick={() => setRevoking(key)}>
                          {t('keys.revoke')}
                        </Button>
                      </Stack>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setSecret({ name: created.apiKey.name, secret: created.secret });
        }}
      />
      {editing && <EditScopesDialog key={editing.id} apiKey={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={rotating !== null}
        title={t('keys.rotateTitle', { name: rotating?.name ?? '' })}
        message={t('keys.rotateMessage')}
        confirmLabel={t('keys.rotate')}
        busy={rotate.isPending}
        error={rotate.isError ? errorMessage(rotate.error) : null}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (rotated) => {
              setRotating(null);
              setSecret({ name: rotated.apiKey.name, secret: rotated.secret });
            },
          })
        }
        onClose={() => {
          rotate.reset();
          setRotating(null);
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('keys.revokeTitle', { name: revoking?.name ?? '' })}
        message={t('keys.revokeMessage')}
        confirmLabel={t('keys.revoke')}
        danger
        busy={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => setRevoking(null),
          })
        }
        onClose={() => {
          revoke.reset();
          setRevoking(null);
        }}
      />
    </Card>
  );
}
