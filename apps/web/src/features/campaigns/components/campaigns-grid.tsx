import Button from '@mui/material/Button';
import type { ColumnDef } from '../../../components/data-table/columns';
import type { Campaign } from '@sms/contracts/campaigns';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useListEmptyState } from '../../../components/empty-state';
import { ServerDataGrid, type GridListQuery } from '../../../components/server-data-grid';
import { paths } from '../../../config/paths';
import type { ListHandle } from '../../../lib/list-state/use-list-state';
import { useAbility } from '../../../lib/permissions/use-ability';
import type { CampaignsListState } from './list-state';

/** Without campaigns yet, the way in: a new one. */
function NewCampaignButton() {
  const { t } = useTranslation('campaigns');
  const ability = useAbility();
  if (!ability.can('create', 'Campaign')) return null;
  return (
    <Button component={RouterLink} to={paths.campaigns.new} variant="contained" size="small" sx={{ mt: 1.5 }}>
      {t('actions.new')}
    </Button>
  );
}

export interface CampaignsGridProps {
  list: ListHandle<CampaignsListState>;
  query: GridListQuery<Campaign>;
  /** Something else works on the rows (a copy being made). */
  busy: boolean;
  columns: ColumnDef<Campaign>[];
  filtered: boolean;
  onClear: () => void;
}

/** The campaigns the server pages and sorts; a row click opens the campaign. */
export function CampaignsGrid({ list, query, busy, columns, filtered, onClear }: CampaignsGridProps) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const empty = useListEmptyState('campaigns', {
    filtered,
    onClear,
    icon: <IconSend size={36} stroke={1.4} />,
    testId: 'campaigns-empty',
    whenEmpty: <NewCampaignButton />,
  });
  return (
    <ServerDataGrid
      testId="campaigns-grid"
      label={t('list.gridLabel')}
      list={list}
      query={query}
      busy={busy}
      columns={columns}
      empty={empty}
      // Created is sortable (the default order) but hidden at first, so the actions fit without scrolling;
      // the column chooser shows it.
      defaultHidden={['createdAt']}
      onOpenRow={(row) => void navigate(paths.campaigns.detail(row.id))}
      rowHeight={64}
    />
  );
}
