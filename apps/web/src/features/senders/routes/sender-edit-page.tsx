import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { alphanumericWarnings, SENDER_KINDS, type Sender, type SenderKind } from '@sms/contracts/senders';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useGatewayOptions } from '../../../api/gateways/get-gateways';
import { useSender } from '../../../api/senders/get-sender';
import { useSenders } from '../../../api/senders/get-senders';
import { useSaveSender } from '../../../api/senders/save-sender';
import { useTicketAgents } from '../../../api/tickets/get-ticket-agents';
import { AccessDenied } from '../../../components/access-denied';
import { InputField } from '../../../components/forms/input-field';
import { serverFieldError } from '../../../components/forms/server-field-error';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAbility } from '../../../lib/permissions/use-ability';
import { StatusActions } from '../components/status-actions';

const FIELDS = ['kind', 'value', 'gatewayId', 'countries', 'notes', 'routeAssigneeId'] as const;
type Field = (typeof FIELDS)[number];
const splitCountries = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

/**
 * /apps/ecommerce/add-product and /apps/ecommerce/edit-product/{id}: register a sender ID or add a
 * number bought elsewhere; change one (its gateway, countries, notes, who its replies go to) and
 * move its registration. /apps/ecommerce/edit-product alone lists the ones to choose from.
 */
export default function SenderEditPage({ choose = false }: { choose?: boolean }) {
  const { t } = useTranslation('senders');
  const { id } = useParams();
  const ability = useAbility();
  if (!ability.can(id ? 'update' : 'create', 'Sender')) return <AccessDenied ns="senders" />;
  if (id) return <EditLoaded id={id} />;
  if (choose) return <ChooseSender />;
  return (
    <PageContainer title={t('add.title')} breadcrumbs={[{ label: t('list.title'), to: paths.senders.list }, { label: t('add.title') }]}>
      <SenderForm />
    </PageContainer>
  );
}

function EditLoaded({ id }: { id: string }) {
  const { t } = useTranslation('senders');
  const sender = useSender(id);
  return (
    <PageContainer title={t('edit.title')} breadcrumbs={[{ label: t('list.title'), to: paths.senders.list }, { label: t('edit.title') }]}>
      <LoadOrRetry query={sender}>
        {sender.data ? <SenderForm key={sender.data.sender.updatedAt} sender={sender.data.sender} /> : null}
      </LoadOrRetry>
    </PageContainer>
  );
}

/** The spec's edit address without an id: which one to edit. */
function ChooseSender() {
  const { t } = useTranslation('senders');
  const senders = useSenders();
  return (
    <PageContainer title={t('edit.choose')}>
      <LoadOrRetry query={senders}>
        <Card>
          <List>
            {(senders.data?.data ?? []).map((sender) => (
              <ListItem key={sender.id} disablePadding>
                <ListItemButton component={RouterLink} to={paths.senders.edit(sender.id)}>
                  <span dir="ltr">{sender.value}</span>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Card>
      </LoadOrRetry>
    </PageContainer>
  );
}

function SenderForm({ sender }: { sender?: Sender }) {
  const { t } = useTranslation('senders');
  const navigate = useNavigate();
  const save = useSaveSender();
  const gateways = useGatewayOptions().data ?? [];
  const agents = useTicketAgents().data ?? [];
  const [kind, setKind] = useState<SenderKind>(sender?.kind ?? 'alphanumeric');
  const [value, setValue] = useState(sender?.value ?? '');
  const [gatewayId, setGatewayId] = useState(sender?.gateway?.id ?? '');
  const [countries, setCountries] = useState((sender?.countries ?? []).join(', '));
  const [notes, setNotes] = useState(sender?.notes ?? '');
  const [assignee, setAssignee] = useState(sender?.routeAssignee?.id ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const warnings = kind === 'alphanumeric' ? alphanumericWarnings(splitCountries(countries)) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const common = { gatewayId: gatewayId || null, countries: splitCountries(countries), notes };
    const body = sender
      ? { ...common, ...(sender.origin === 'bought' ? {} : { value }), routeAssigneeId: assignee || null }
      : { ...common, kind, value };
    save.mutate(
      { ...(sender ? { id: sender.id } : {}), body },
      {
        onSuccess: (saved) => void navigate(paths.senders.detail(saved.id)),
        onError: (error) => {
          const named = serverFieldError(error, FIELDS);
          if (named) setErrors({ [named.field]: named.message });
        },
      },
    );
  };
  const failure = save.isError && !serverFieldError(save.error, FIELDS) ? errorMessage(save.error) : null;
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={sender ? t('edit.title') : t('add.title')}>
            {sender ? null : (
              <TextField
                select
                label={t('fields.kind')}
                value={kind}
                onChange={(e) => setKind(e.target.value as SenderKind)}
                error={!!errors.kind}
                helperText={errors.kind}
              >
                {SENDER_KINDS.map((option) => (
                  <MenuItem key={option} value={option}>
                    {t(`kind.${option}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <InputField
              name="value"
              label={t('fields.value')}
              value={value}
              disabled={sender?.origin === 'bought'}
              onChange={(e) => setValue(e.target.value)}
              error={!!errors.value}
              helperText={errors.value ?? (kind === 'alphanumeric' ? t('add.alphanumericRule') : t('add.numberRule'))}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <TextField
              select
              label={t('fields.gateway')}
              value={gatewayId}
              onChange={(e) => setGatewayId(e.target.value)}
              error={!!errors.gatewayId}
              helperText={errors.gatewayId}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('list.anyGateway')}</MenuItem>
              {gateways.map((gateway) => (
                <MenuItem key={gateway.id} value={gateway.id}>
                  {gateway.name}
                </MenuItem>
              ))}
            </TextField>
            <InputField
              name="countries"
              label={t('fields.countries')}
              value={countries}
              onChange={(e) => setCountries(e.target.value)}
              error={!!errors.countries}
              helperText={errors.countries ?? t('add.countriesHint')}
            />
            {warnings.length > 0 ? (
              <Alert severity="warning" data-testid="alphanumeric-warning">
                {t('add.forbidden', { countries: warnings.join(', ') })}
              </Alert>
            ) : null}
            {sender ? (
              <TextField
                select
                label={t('fields.routeAssignee')}
                value={assignee}
                onChange={(e) => setAssignee(e.target.value)}
                error={!!errors.routeAssigneeId}
                helperText={errors.routeAssigneeId ?? t('edit.routeHint')}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('detail.usualAssignment')}</MenuItem>
                {agents.map((agent) => (
                  <MenuItem key={agent.id} value={agent.id}>
                    {agent.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            {sender ? null : (
              <InputField
                name="notes"
                label={t('fields.notes')}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                multiline
                minRows={2}
                error={!!errors.notes}
                helperText={errors.notes}
              />
            )}
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {sender ? t('edit.save') : t('add.save')}
              </Button>
              <Link component={RouterLink} to={sender ? paths.senders.detail(sender.id) : paths.senders.list} sx={{ alignSelf: 'center' }}>
                {t('checkout.back')}
              </Link>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      {sender ? (
        <Card>
          <CardContent>
            <StatusActions sender={sender} />
          </CardContent>
        </Card>
      ) : null}
    </Stack>
  );
}
