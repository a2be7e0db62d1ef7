import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { STATEMENT_SCOPES, type StatementScope } from '@sms/contracts/statements';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useApiKeys } from '../../../api/api-keys/get-api-keys';
import { useCreateStatement } from '../../../api/statements/create-statement';
import { useUsers } from '../../../api/users/get-users';
import { InputField } from '../../../components/forms/input-field';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { statementError } from '../components/statement-format';

/** The month before this one ('YYYY-MM'): the one most often charged back. */
function lastMonth(now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return date.toISOString().slice(0, 7);
}

/** /apps/invoice/create: keep the statement of a month for the organisation, an API key or a user. */
export default function StatementCreate() {
  const { t } = useTranslation(['statements', 'common']);
  const navigate = useNavigate();
  const [month, setMonth] = useState(lastMonth);
  const [scope, setScope] = useState<StatementScope>('organisation');
  const [scopeId, setScopeId] = useState('');
  const keys = useApiKeys();
  const users = useUsers({ limit: 100, skip: 0, sort: 'name', order: 'asc', status: 'active' });
  const create = useCreateStatement();
  const error = create.error;
  const fieldError = error instanceof ApiError && error.status === 400 ? error.field : undefined;
  const existingId = error instanceof ApiError && error.code === 'STATEMENT_EXISTS' ? error.existingId : undefined;
  const choices =
    scope === 'apiKey'
      ? (keys.data ?? []).map((key) => ({ id: key.id, name: key.name }))
      : (users.data?.data ?? []).map((user) => ({ id: user.id, name: user.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { month, scope, scopeId: scope === 'organisation' ? null : scopeId || null },
      { onSuccess: (statement) => void navigate(paths.statements.detail(statement.id), { state: { notice: 'created' } }) },
    );
  };

  return (
    <PageContainer
      title={t('create.title')}
      description={t('create.description')}
      breadcrumbs={[{ label: t('list.title'), to: paths.statements.list }, { label: t('create.title') }]}
    >
      <Card component="form" onSubmit={submit} noValidate aria-label={t('create.title')}>
        <CardContent>
          <Stack spacing={2.5} sx={{ maxWidth: 480 }}>
            <InputField
              label={t('create.month')}
              name="month"
              type="month"
              value={month}
              onChange={(event) => setMonth(event.target.value)}
              required
              error={fieldError === 'month'}
              helperText={fieldError === 'month' ? statementError(t, error) : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              label={t('create.scope')}
              name="scope"
              value={scope}
              onChange={(event) => {
                setScope(event.target.value as StatementScope);
                setScopeId('');
              }}
            >
              {STATEMENT_SCOPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`scopes.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            {scope === 'organisation' ? null : (
              <TextField
                select
                label={scope === 'apiKey' ? t('create.apiKey') : t('create.user')}
                name="scopeId"
                value={scopeId}
                onChange={(event) => setScopeId(event.target.value)}
                required
                error={fieldError === 'scopeId'}
                helperText={fieldError === 'scopeId' ? statementError(t, error) : undefined}
              >
                {choices.map((choice) => (
                  <MenuItem key={choice.id} value={choice.id}>
                    {choice.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {error && !fieldError ? (
              <Alert
                severity={existingId ? 'info' : 'error'}
                role="alert"
                action={
                  existingId ? (
                    <Link component={RouterLink} to={paths.statements.detail(existingId)}>
                      {t('create.openExisting')}
                    </Link>
                  ) : undefined
                }
              >
                {statementError(t, error)}
              </Alert>
            ) : null}
            <Stack direction="row" spacing={1.5}>
              <Button type="submit" variant="contained" disabled={create.isPending}>
                {t('create.submit')}
              </Button>
              <Button component={RouterLink} to={paths.statements.list} color="inherit">
                {t('common:actions.cancel')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
