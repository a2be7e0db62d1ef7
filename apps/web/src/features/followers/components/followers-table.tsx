import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { Follower } from '@sms/contracts/followers';
import { IconFileCertificate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CardList } from '../../../components/card-list/card-list';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { ShortDateTime } from '../../../components/date-time';
import { paths } from '../../../config/paths';

/** The followers of a page: a table, or cards on a phone; each opens its consent record. */
export function FollowersTable({ rows, empty, onConsent }: { rows: Follower[]; empty: ReactNode; onConsent: (row: Follower) => void }) {
  const { t } = useTranslation('followers');
  const cards = useCardLayout();
  const status = (row: Follower) => (
    <Chip size="small" color={row.status === 'subscribed' ? 'success' : 'default'} label={t(`status.${row.status}`)} />
  );
  const contact = (row: Follower) => (
    <Link component={RouterLink} to={paths.contacts.detail(row.contactId)} dir="ltr">
      {row.phone}
    </Link>
  );
  const consentLabel = (row: Follower) => t('consent.open', { phone: row.phone });
  if (cards)
    return (
      <CardList<Follower>
        rows={rows}
        rowKey={(row) => row.id}
        label={t('title')}
        testId="followers-cards"
        empty={empty}
        title={contact}
        fields={[
          { key: 'name', label: t('fields.name'), render: (row) => row.name ?? '' },
          { key: 'topic', label: t('fields.topic'), render: (row) => row.topic ?? t('noTopic') },
          { key: 'status', label: t('fields.status'), render: status },
          { key: 'subscribedAt', label: t('fields.subscribedAt'), render: (row) => <ShortDateTime value={row.subscribedAt} /> },
        ]}
        actions={(row) => [
          { key: 'consent', label: consentLabel(row), icon: <IconFileCertificate size={18} aria-hidden />, onClick: () => onConsent(row) },
        ]}
      />
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('title')} data-testid="followers-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.phone')}</TableCell>
            <TableCell>{t('fields.name')}</TableCell>
            <TableCell>{t('fields.topic')}</TableCell>
            <TableCell>{t('fields.status')}</TableCell>
            <TableCell>{t('fields.subscribedAt')}</TableCell>
            <TableCell>{t('fields.unsubscribedAt')}</TableCell>
            <TableCell align="right">{t('fields.consent')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7}>{empty}</TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id} data-testid="follower-row">
                <TableCell>{contact(row)}</TableCell>
                <TableCell dir="auto">{row.name ?? ''}</TableCell>
                <TableCell dir="auto">{row.topic ?? t('noTopic')}</TableCell>
                <TableCell>{status(row)}</TableCell>
                <TableCell>
                  <ShortDateTime value={row.subscribedAt} />
                </TableCell>
                <TableCell>
                  <ShortDateTime value={row.unsubscribedAt} />
                </TableCell>
                <TableCell align="right">
                  <Tooltip title={t('consent.view')}>
                    <IconButton size="small" aria-label={consentLabel(row)} onClick={() => onConsent(row)}>
                      <IconFileCertificate size={18} aria-hidden />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
