import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import {
  TICKET_LIMITS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_VIEWS,
  type TicketListQuery,
  type TicketPriority,
  type TicketStatus,
  type TicketView,
} from '@sms/contracts/tickets';
import { IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { EmptyState } from '../../../components/empty-state';
import { InputField } from '../../../components/forms/input-field';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { AvailabilitySwitch } from '../../../components/tickets/availability-switch';
import { ApiError } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { useDebounced } from '../../../lib/use-debounced';
import { useCampaignOptions } from '../../../api/campaigns/get-campaigns';
import { useTickets } from '../../../api/tickets/get-tickets';
import { AutoAssignSwitch } from '../components/auto-assign-switch';
import { TicketList } from '../components/ticket-list';
import { TicketReportCard } from '../components/ticket-report';

const PAGE_SIZES = [10, 25, 50] as const;

interface Filters {
  status: TicketStatus | '';
  priority: TicketPriority | '';
  label: string;
  campaignId: string;
}
const NO_FILTERS: Filters = { status: '', priority: '', label: '', campaignId: '' };

/**
 * /apps/tickets: inbox conversations as tickets. The views as tabs (mine, unassigned, all open,
 * resolved; in the URL), filters, a row opens the conversation in the inbox; the response-time
 * report below. Administrators turn round-robin assignment on here.
 */
export default function TicketsPage() {
  const { t } = useTranslation('tickets');
  const [params, setParams] = useSearchParams();
  const requested = params.get('view');
  const view: TicketView = TICKET_VIEWS.find((option) => option === requested) ?? 'mine';
  const [filters, setFilters] = useState<Filters>(() => ({ ...NO_FILTERS, campaignId: params.get('campaign') ?? '' }));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  const label = useDebounced(filters.label.trim().toLowerCase(), 300);
  const query: TicketListQuery = {
    view,
    limit: pageSize,
    skip: page * pageSize,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ...(label ? { label } : {}),
    ...(filters.campaignId ? { campaignId: filters.campaignId } : {}),
  };
  const tickets = useTickets(query);
  const campaigns = useCampaignOptions(true);
  if (tickets.error instanceof ApiError && tickets.error.status === 403) return <AccessDenied ns="tickets" />;

  const filtered = Boolean(filters.status || filters.priority || label || filters.campaignId);
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(0);
  };
  const empty = (
    <EmptyState
      icon={<IconTicket size={36} stroke={1.4} />}
      title={filtered ? t('list.emptyFiltered') : t('list.empty')}
      testId="tickets-empty"
      clear={filtered ? { label: t('list.clear'), onClick: () => change(NO_FILTERS) } : undefined}
    />
  );

  return (
    <PageContainer
      title={t('title')}
      description={t('description')}
      actions={
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Can I="update" a="Settings">
            <AutoAssignSwitch />
          </Can>
          <Can I="create" a="Inbox">
            <AvailabilitySwitch />
          </Can>
        </Stack>
      }
    >
      <Card>
        <Tabs
          value={view}
          onChange={(_, next: TicketView) => {
            setParams((current) => {
              const updated = new URLSearchParams(current);
              updated.set('view', next);
              return updated;
            });
            setPage(0);
          }}
          aria-label={t('views.label')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ px: 2 }}
        >
          {TICKET_VIEWS.map((option) => (
            <Tab key={option} value={option} label={t(`views.${option}`)} />
          ))}
        </Tabs>
        <Divider />
        <Stack direction="row" sx={{ p: 2, gap: 1.5, flexWrap: 'wrap' }} role="group" aria-label={t('list.contact')}>
          <TextField
            select
            size="small"
            label={t('status.label')}
            value={filters.status}
            onChange={(event) => change({ status: TICKET_STATUSES.find((status) => status === event.target.value) ?? '' })}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">{t('status.any')}</MenuItem>
            {TICKET_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`status.${status}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('priority.label')}
            value={filters.priority}
            onChange={(event) => change({ priority: TICKET_PRIORITIES.find((priority) => priority === event.target.value) ?? '' })}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">{t('priority.any')}</MenuItem>
            {TICKET_PRIORITIES.map((priority) => (
              <MenuItem key={priority} value={priority}>
                {t(`priority.${priority}`)}
              </MenuItem>
            ))}
          </TextField>
          <InputField
            size="small"
            label={t('labels.filter')}
            value={filters.label}
            onChange={(event) => change({ label: event.target.value })}
            slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.labelMaxChars } }}
            sx={{ width: 170 }}
          />
          <TextField
            select
            size="small"
            label={t('campaign.label')}
            value={filters.campaignId}
            onChange={(event) => change({ campaignId: event.target.value })}
            sx={{ minWidth: 180, maxWidth: '100%' }}
          >
            <MenuItem value="">{t('campaign.any')}</MenuItem>
            {filters.campaignId && !(campaigns.data ?? []).some((campaign) => campaign.id === filters.campaignId) ? (
              <MenuItem value={filters.campaignId}>{filters.campaignId}</MenuItem>
            ) : null}
            {(campaigns.data ?? []).map((campaign) => (
              <MenuItem key={campaign.id} value={campaign.id}>
                {campaign.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Divider />
        <LoadOrRetry query={tickets}>
          <TicketList rows={tickets.data?.data ?? []} total={tickets.data?.total ?? 0} empty={empty} />
          <ListPagination
            page={page}
            pageSize={pageSize}
            pageSizes={PAGE_SIZES}
            count={tickets.data?.total ?? 0}
            onPage={(nextPage, nextSize) => {
              setPage(nextSize === pageSize ? nextPage : 0);
              setPageSize(nextSize);
            }}
          />
        </LoadOrRetry>
      </Card>
      <TicketReportCard />
    </PageContainer>
  );
}
