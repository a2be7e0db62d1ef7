import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TicketRow } from '@sms/contracts/tickets';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CardList } from '../../../components/card-list/card-list';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { ShortDateTime } from '../../../components/date-time';
import { LtrText } from '../../../components/ltr-text';
import { TicketAssigneeChip, TicketPriorityChip, TicketStatusChip } from '../../../components/tickets/ticket-chips';
import { paths } from '../../../config/paths';

const nameOf = (row: TicketRow) => [row.firstName, row.lastName].filter(Boolean).join(' ') || null;

/** The contact's name (or number) as the link that opens the conversation in the inbox. */
function ContactLink({ row }: { row: TicketRow }) {
  const { t } = useTranslation('tickets');
  const name = nameOf(row);
  return (
    <Link
      component={RouterLink}
      to={paths.chatWith(row.contactId)}
      aria-label={t('list.open', { name: name ?? row.phone })}
      sx={{ fontWeight: 600 }}
    >
      {name ?? <LtrText>{row.phone}</LtrText>}
    </Link>
  );
}

/** Tickets as a table (cards on a phone); a row opens its conversation in the inbox. */
export function TicketList({ rows, total, empty }: { rows: TicketRow[]; total: number; empty: ReactNode }) {
  const { t } = useTranslation('tickets');
  const cards = useCardLayout();
  const navigate = useNavigate();
  const labels = (row: TicketRow) => row.labels.join(', ');
  if (cards)
    return (
      <CardList<TicketRow>
        rows={rows}
        rowKey={(row) => row.contactId}
        label={t('list.label', { total })}
        testId="tickets-cards"
        empty={empty}
        title={(row) => <ContactLink row={row} />}
        onOpenRow={(row) => void navigate(paths.chatWith(row.contactId))}
        cardProps={(row) => ({ 'data-contact-id': row.contactId })}
        fields={[
          {
            key: 'status',
            label: t('status.label'),
            render: (row) => (
              <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
                <TicketStatusChip status={row.status} />
                <TicketPriorityChip priority={row.priority} />
              </Stack>
            ),
          },
          { key: 'assignee', label: t('assignee.label'), render: (row) => row.assignee?.name ?? t('assignee.none') },
          { key: 'labels', label: t('labels.label'), render: labels },
          { key: 'lastActivity', label: t('list.lastActivity'), render: (row) => <ShortDateTime value={row.lastActivityAt} /> },
        ]}
      />
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('list.label', { total })} data-testid="tickets-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('list.contact')}</TableCell>
            <TableCell>{t('status.label')}</TableCell>
            <TableCell>{t('priority.label')}</TableCell>
            <TableCell>{t('assignee.label')}</TableCell>
            <TableCell>{t('labels.label')}</TableCell>
            <TableCell>{t('list.lastActivity')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>{empty}</TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow
                key={row.contactId}
                hover
                data-testid="ticket-row"
                data-contact-id={row.contactId}
                onClick={(event) => {
                  if (!(event.target as HTMLElement).closest('a')) void navigate(paths.chatWith(row.contactId));
                }}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell>
                  <ContactLink row={row} />
                  {nameOf(row) ? (
                    <Typography variant="caption" color="text.secondary" component="div">
                      <LtrText>{row.phone}</LtrText>
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <TicketStatusChip status={row.status} />
                </TableCell>
                <TableCell>
                  {row.priority === 'high' || row.priority === 'urgent' ? (
                    <TicketPriorityChip priority={row.priority} />
                  ) : (
                    t(`priority.${row.priority}`)
                  )}
                </TableCell>
                <TableCell>{row.assignee ? <TicketAssigneeChip name={row.assignee.name} /> : t('assignee.none')}</TableCell>
                <TableCell>{labels(row)}</TableCell>
                <TableCell>
                  <ShortDateTime value={row.lastActivityAt} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
