import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import type { Follower, FollowerFilter } from '@sms/contracts/followers';
import { IconDownload, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportFollowers } from '../../../api/followers/export-followers';
import { useFollowerStats } from '../../../api/followers/get-follower-stats';
import { useFollowers } from '../../../api/followers/get-followers';
import { AccessDenied } from '../../../components/access-denied';
import { EmptyState } from '../../../components/empty-state';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { ConsentDialog } from '../components/consent-dialog';
import { FollowerTotalsGrid } from '../components/follower-totals';
import { FollowersTable } from '../components/followers-table';
import { FollowersToolbar } from '../components/followers-toolbar';
import { GrowthChart } from '../components/growth-chart';

const PAGE_SIZE = 25;

/** /apps/followers: the public site's subscribers by topic, their consent, the growth chart and the export. */
export default function FollowersPage() {
  const { t } = useTranslation('followers');
  const [filter, setFilter] = useState<FollowerFilter>({});
  const [page, setPage] = useState(0);
  const [consent, setConsent] = useState<Follower | null>(null);
  const [notice, setNotice] = useState<{ text: string; severity: 'success' | 'error' } | null>(null);
  const list = useFollowers({ ...filter, limit: PAGE_SIZE, skip: page * PAGE_SIZE });
  const stats = useFollowerStats(filter);
  // The topic choices: every topic with followers, whatever the filter.
  const everyone = useFollowerStats({});
  const exporting = useExportFollowers();

  if (list.error instanceof ApiError && list.error.status === 403) return <AccessDenied ns="followers" />;
  const topics = (everyone.data?.topics ?? []).flatMap((topic) => (topic.topic === null ? [] : [topic.topic]));
  const filtered = Object.values(filter).some((value) => value !== undefined);
  const empty = (
    <EmptyState
      icon={<IconUsersGroup size={36} stroke={1.4} />}
      title={filtered ? t('list.noMatch') : t('list.empty')}
      testId="followers-empty"
      clear={filtered ? { label: t('filters.clear'), onClick: () => setFilter({}) } : undefined}
    />
  );
  const download = () =>
    exporting.mutate(
      { format: 'csv', filter },
      {
        onSuccess: () => setNotice({ text: t('export.done'), severity: 'success' }),
        onError: (error) => setNotice({ text: errorMessage(error), severity: 'error' }),
      },
    );

  return (
    <PageContainer
      title={t('title')}
      description={t('description')}
      actions={
        <Can I="export" a="Contact">
          <Button variant="outlined" startIcon={<IconDownload size={18} aria-hidden />} onClick={download} loading={exporting.isPending}>
            {t('export.csv')}
          </Button>
        </Can>
      }
    >
      <Stack spacing={3}>
        <Card>
          <FollowersToolbar
            filter={filter}
            topics={topics}
            onChange={(next) => {
              setFilter(next);
              setPage(0);
            }}
          />
        </Card>
        <LoadOrRetry query={stats}>{stats.data ? <FollowerTotalsGrid stats={stats.data} /> : null}</LoadOrRetry>
        {stats.data ? <GrowthChart days={stats.data.days} topic={filter.topic} /> : null}
        <Card>
          <LoadOrRetry query={list}>
            <FollowersTable rows={list.data?.data ?? []} empty={empty} onConsent={setConsent} />
            <TablePagination
              component="div"
              count={list.data?.total ?? 0}
              page={page}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_event, next) => setPage(next)}
            />
          </LoadOrRetry>
        </Card>
      </Stack>
      <ConsentDialog follower={consent} onClose={() => setConsent(null)} />
      <MessageSnackbar
        message={notice?.text ?? null}
        severity={notice?.severity ?? 'success'}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
      />
    </PageContainer>
  );
}
