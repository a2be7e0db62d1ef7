import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useStatements } from '../../../api/statements/get-statements';
import { AccessDenied } from '../../../components/access-denied';
import { EmptyState } from '../../../components/empty-state';
import { NoticeSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { useStatementFormat } from '../components/statement-format';

const PAGE_SIZE = 25;

/** /apps/invoice/list: the statements, newest month first, with their totals (open ones computed now). */
export default function StatementsList() {
  const { t } = useTranslation(['statements', 'common']);
  const format = useStatementFormat();
  const [page, setPage] = useState(0);
  const query = useStatements({ limit: PAGE_SIZE, skip: page * PAGE_SIZE });
  if (query.error instanceof ApiError && query.error.status === 403) return <AccessDenied ns="statements" />;
  const rows = query.data?.data ?? [];
  return (
    <PageContainer
      title={t('list.title')}
      description={t('list.description')}
      actions={
        <Can I="create" a="Statement">
          <Button component={RouterLink} to={paths.statements.create} variant="contained" startIcon={<IconPlus size={18} aria-hidden />}>
            {t('list.new')}
          </Button>
        </Can>
      }
    >
      <Card>
        <LoadOrRetry query={query}>
          {query.data && rows.length === 0 ? (
            <EmptyState icon={<IconFileInvoice size={32} aria-hidden />} title={t('list.empty')} testId="statements-empty" />
          ) : (
            <TableContainer>
              <Table aria-label={t('list.label')} data-testid="statements-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('list.columns.month')}</TableCell>
                    <TableCell>{t('list.columns.scope')}</TableCell>
                    <TableCell>{t('list.columns.status')}</TableCell>
                    <TableCell align="right">{t('list.columns.total')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.id} hover data-testid="statement-row">
                      <TableCell>
                        <Link component={RouterLink} to={paths.statements.detail(row.id)}>
                          {format.month(row.month)}
                        </Link>
                      </TableCell>
                      <TableCell>{format.scope(row)}</TableCell>
                      <TableCell>
                        <Chip size="small" label={t(`status.${row.status}`)} color={row.status === 'closed' ? 'default' : 'info'} />
                      </TableCell>
                      <TableCell align="right" data-testid="statement-total">
                        {format.money(row.total, row.currency)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <TablePagination
            component="div"
            count={query.data?.total ?? 0}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_event, next) => setPage(next)}
          />
        </LoadOrRetry>
      </Card>
      <NoticeSnackbar ns="statements" />
    </PageContainer>
  );
}
