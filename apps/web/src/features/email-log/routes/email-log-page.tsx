import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { EmailLogEntry } from '@sms/contracts/email-log';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '../../../components/access-denied';
import { CardList } from '../../../components/card-list/card-list';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { ShortDateTime } from '../../../components/date-time';
import { EmptyState } from '../../../components/empty-state';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { ApiError } from '../../../lib/api-client';
import { useDebounced } from '../../../lib/use-debounced';
import { useEmailLog } from '../../../api/email-log/get-email-log';
import { EmailEntryDialog } from '../components/email-entry-dialog';
import { EmailLogToolbar, type EmailLogFilters } from '../components/email-log-toolbar';
import { EmailStatusChip } from '../components/email-status-chip';
import { SmtpAnswer } from '../components/smtp-answer';

const PAGE_SIZE = 25;

/** /apps/email: every e-mail the product sent or tried, with the SMTP server's answer (admins). */
export default function EmailLogPage() {
  const { t } = useTranslation('email-log');
  const [filters, setFilters] = useState<EmailLogFilters>({ search: '', kind: '', status: '' });
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const search = useDebounced(filters.search.trim(), 300);
  const query = useEmailLog({
    limit: PAGE_SIZE,
    skip: page * PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  });
  const cards = useCardLayout();

  if (query.error instanceof ApiError && query.error.status === 403) return <AccessDenied ns="email-log" />;
  const rows = query.data?.data ?? [];
  const kindLabel = (entry: EmailLogEntry) => t(`kinds.${entry.kind}`, { defaultValue: entry.kind });
  const openButton = (entry: EmailLogEntry) => (
    <Button size="small" onClick={() => setOpen(entry.id)} aria-label={t('list.openNamed', { subject: entry.subject })}>
      {t('list.open')}
    </Button>
  );
  const empty = <EmptyState icon={<IconMail size={36} stroke={1.4} />} title={t('list.empty')} testId="email-log-empty" />;

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Card>
        <EmailLogToolbar
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(0);
          }}
        />
        <LoadOrRetry query={query}>
          {cards ? (
            <CardList<EmailLogEntry>
              rows={rows}
              rowKey={(entry) => entry.id}
              label={t('title')}
              testId="email-log-cards"
              empty={empty}
              title={(entry) => <span dir="auto">{entry.subject}</span>}
              cardProps={(entry) => ({ 'data-email-kind': entry.kind })}
              fields={[
                { key: 'recipient', label: t('fields.recipient'), render: (entry) => <span dir="ltr">{entry.recipient}</span> },
                { key: 'kind', label: t('fields.kind'), render: kindLabel },
                { key: 'status', label: t('fields.status'), render: (entry) => <EmailStatusChip status={entry.status} /> },
                { key: 'createdAt', label: t('fields.createdAt'), render: (entry) => <ShortDateTime value={entry.createdAt} /> },
                { key: 'attempts', label: t('fields.attempts'), render: (entry) => entry.attempts },
                { key: 'answer', label: t('fields.answer'), render: (entry) => <SmtpAnswer entry={entry} /> },
              ]}
              actions={(entry) => [
                {
                  key: 'open',
                  label: t('list.openNamed', { subject: entry.subject }),
                  icon: <IconMail size={18} aria-hidden />,
                  onClick: () => setOpen(entry.id),
                },
              ]}
            />
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('title')} data-testid="email-log-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fields.createdAt')}</TableCell>
                    <TableCell>{t('fields.recipient')}</TableCell>
                    <TableCell>{t('fields.kind')}</TableCell>
                    <TableCell>{t('fields.subject')}</TableCell>
                    <TableCell>{t('fields.status')}</TableCell>
                    <TableCell align="right">{t('fields.attempts')}</TableCell>
                    <TableCell>{t('fields.answer')}</TableCell>
                    <TableCell align="right">
                      <span>{t('list.actions')}</span>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={8}>{empty}</TableCell>
                    </TableRow>
                  ) : (
                    rows.map((entry) => (
                      <TableRow key={entry.id} data-email-kind={entry.kind} data-testid="email-log-row">
                        <TableCell>
                          <ShortDateTime value={entry.createdAt} />
                        </TableCell>
                        <TableCell dir="ltr">{entry.recipient}</TableCell>
                        <TableCell>{kindLabel(entry)}</TableCell>
                        <TableCell dir="auto" sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                          {entry.subject}
                        </TableCell>
                        <TableCell>
                          <EmailStatusChip status={entry.status} />
                        </TableCell>
                        <TableCell align="right">{entry.attempts}</TableCell>
                        <TableCell sx={{ maxWidth: 280 }}>
                          <SmtpAnswer entry={entry} />
                        </TableCell>
                        <TableCell align="right">{openButton(entry)}</TableCell>
                      </TableRow>
                    ))
                  )}
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
      {open ? <EmailEntryDialog id={open} onClose={() => setOpen(null)} /> : null}
    </PageContainer>
  );
}
