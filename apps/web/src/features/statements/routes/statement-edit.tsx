import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Adjustment } from '@sms/contracts/statements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useDeleteAdjustment } from '../../../api/statements/delete-adjustment';
import { useStatement } from '../../../api/statements/get-statement';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { AdjustmentForm } from '../components/adjustment-form';
import { AdjustmentList } from '../components/adjustment-list';
import { statementError, useStatementFormat } from '../components/statement-format';
import { StatementLoadState } from '../components/statement-load-state';

/** /apps/invoice/edit/:id: the adjustments of an open statement (add, change, remove); a closed one only says so. */
export default function StatementEdit() {
  const { t } = useTranslation(['statements', 'common']);
  const format = useStatementFormat();
  const { id = '' } = useParams();
  const query = useStatement(id);
  const remove = useDeleteAdjustment();
  const [editing, setEditing] = useState<Adjustment | null>(null);
  const [deleting, setDeleting] = useState<Adjustment | null>(null);
  if (!query.data) return <StatementLoadState error={query.error} onRetry={() => void query.refetch()} />;
  const statement = query.data;
  const month = format.month(statement.month);
  const open = statement.status === 'open';

  return (
    <PageContainer
      title={`${t('edit.title', { month })}: ${format.scope(statement)}`}
      description={t('edit.description')}
      breadcrumbs={[
        { label: t('list.title'), to: paths.statements.list },
        { label: month, to: paths.statements.detail(statement.id) },
        { label: t('detail.adjustments') },
      ]}
      actions={
        <Button component={RouterLink} to={paths.statements.detail(statement.id)} variant="outlined">
          {t('edit.back')}
        </Button>
      }
    >
      <Card>
        {open ? (
          <AdjustmentForm key={editing?.id ?? 'new'} statementId={statement.id} editing={editing} onDone={() => setEditing(null)} />
        ) : (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('edit.closed')}
          </Alert>
        )}
        <Divider />
        <AdjustmentList statement={statement} {...(open ? { onEdit: setEditing, onDelete: setDeleting } : {})} />
        <Divider />
        <Stack direction="row" sx={{ justifyContent: 'space-between', p: 2 }}>
          <Typography variant="h6" component="p">
            {t('detail.total')}
          </Typography>
          <Typography variant="h6" component="p" data-testid="statement-total">
            {format.money(statement.total, statement.currency)}
          </Typography>
        </Stack>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        title={t('adjustment.deleteTitle')}
        message={t('adjustment.deleteMessage')}
        confirmLabel={t('adjustment.delete')}
        danger
        busy={remove.isPending}
        error={remove.error ? statementError(t, remove.error) : null}
        onConfirm={() =>
          deleting && remove.mutate({ statementId: statement.id, adjustmentId: deleting.id }, { onSuccess: () => setDeleting(null) })
        }
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </PageContainer>
  );
}
