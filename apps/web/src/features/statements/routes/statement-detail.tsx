import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconDownload, IconLock, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useCloseStatement } from '../../../api/statements/close-statement';
import { downloadStatement } from '../../../api/statements/download-statement';
import { useStatement } from '../../../api/statements/get-statement';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../components/date-time';
import { MessageSnackbar, NoticeSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { Can } from '../../../lib/permissions/can';
import { AdjustmentList } from '../components/adjustment-list';
import { StatementLinesTable } from '../components/statement-lines-table';
import { statementError, useStatementFormat } from '../components/statement-format';
import { StatementLoadState } from '../components/statement-load-state';

/** /apps/invoice/detail/:id: a statement's lines, adjustments and total, its CSV and PDF, and closing the month. */
export default function StatementDetail() {
  const { t, i18n } = useTranslation(['statements', 'common']);
  const format = useStatementFormat();
  const { id = '' } = useParams();
  const query = useStatement(id);
  const close = useCloseStatement();
  const [closing, setClosing] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  if (!query.data) return <StatementLoadState error={query.error} onRetry={() => void query.refetch()} />;
  const statement = query.data;
  const title = `${t('detail.title', { month: format.month(statement.month) })}: ${format.scope(statement)}`;
  const at = (value: string) => formatDateTime(value, i18n.language, true, statement.timeZone) ?? value;
  const download = (kind: 'csv' | 'pdf') =>
    downloadStatement(statement.id, statement.month, kind).then(
      (name) => setMessage({ text: t('detail.downloaded', { name }), error: false }),
      (error: unknown) => setMessage({ text: statementError(t, error), error: true }),
    );

  return (
    <PageContainer
      title={title}
      breadcrumbs={[{ label: t('list.title'), to: paths.statements.list }, { label: format.month(statement.month) }]}
      actions={
        <>
          <Button variant="outlined" startIcon={<IconDownload size={18} aria-hidden />} onClick={() => void download('csv')}>
            {t('detail.csv')}
          </Button>
          <Button variant="outlined" startIcon={<IconDownload size={18} aria-hidden />} onClick={() => void download('pdf')}>
            {t('detail.pdf')}
          </Button>
          {statement.status === 'open' ? (
            <Can I="update" a="Statement">
              <Button
                component={RouterLink}
                to={paths.statements.edit(statement.id)}
                variant="contained"
                startIcon={<IconPencil size={18} aria-hidden />}
              >
                {t('detail.editAdjustments')}
              </Button>
              <Button variant="outlined" startIcon={<IconLock size={18} aria-hidden />} onClick={() => setClosing(true)}>
                {t('detail.close')}
              </Button>
            </Can>
          ) : null}
        </>
      }
    >
      <Stack spacing={3}>
        <Alert severity={statement.status === 'closed' ? 'success' : 'info'} data-testid="statement-status">
          <Typography variant="body2">
            {t('detail.period', { from: at(statement.from), to: at(statement.to), zone: statement.timeZone })}
          </Typography>
          <Typography variant="body2">
            {statement.status === 'closed'
              ? t('detail.closedNote', { at: at(statement.closedAt ?? ''), name: statement.closedBy?.name ?? '' })
              : t('detail.openNote')}
          </Typography>
        </Alert>
        <Card>
          <CardHeader title={t('detail.lines')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
          <StatementLinesTable statement={statement} />
        </Card>
        <Card>
          <CardHeader title={t('detail.adjustments')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
          <AdjustmentList statement={statement} />
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
      </Stack>
      <ConfirmDialog
        open={closing}
        title={t('detail.closeTitle', { month: format.month(statement.month) })}
        message={t('detail.closeMessage')}
        confirmLabel={t('detail.close')}
        busy={close.isPending}
        error={close.error ? statementError(t, close.error) : null}
        onConfirm={() =>
          close.mutate(statement.id, {
            onSuccess: () => {
              setClosing(false);
              setMessage({ text: t('notices.closed'), error: false });
            },
          })
        }
        onClose={() => {
          setClosing(false);
          close.reset();
        }}
      />
      <MessageSnackbar message={message?.text ?? null} severity={message?.error ? 'error' : 'success'} onClose={() => setMessage(null)} />
      <NoticeSnackbar ns="statements" />
    </PageContainer>
  );
}
