import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '../../../components/data-table/columns';
import { ServerDataGrid, type GridListQuery } from '../../../components/server-data-grid';
import { defineList } from '../../../lib/list-state/define-list';
import { textField } from '../../../lib/list-state/url-fields';
import { useLocalListState } from '../../../lib/list-state/use-list-state';
import { queryContacts, sampleContacts, type SampleContact } from '../sample-data';

/** The sample list: paged, sorted by name, messages or country, filtered by a search. */
const sampleList = defineList({
  pageSize: 10,
  sort: { fields: ['name', 'messages', 'country'] as const, sort: 'name', order: 'asc' },
  filters: { search: textField(80) },
});

const ROWS = sampleContacts(57);
const STATUS_COLOR = { subscribed: 'success', pending: 'warning', optedOut: 'default' } as const;

export type SampleGridMode = 'rows' | 'empty' | 'loading';

export interface SampleGridProps {
  testId: string;
  mode?: SampleGridMode;
  selectable?: boolean;
  rowHeight?: number;
  sx?: SxProps<Theme>;
  minHeight?: number;
  /** Above the table, given the search box's value and setter. */
  toolbar?: (search: string, setSearch: (value: string) => void, selected: number) => ReactNode;
}

/** The product's list (ServerDataGrid) on sample contacts answered in the browser, as the server would. */
export function SampleGrid({ testId, mode = 'rows', selectable = false, rowHeight, sx, minHeight = 420, toolbar }: SampleGridProps) {
  const { t } = useTranslation('design-gallery');
  const list = useLocalListState(sampleList);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const { search, sort, order, page, pageSize } = list.state;
  const data = useMemo(
    () =>
      mode === 'rows'
        ? queryContacts(ROWS, { search, sort, order, page, pageSize })
        : mode === 'empty'
          ? { data: [], total: 0 }
          : undefined,
    [mode, search, sort, order, page, pageSize],
  );
  const query: GridListQuery<SampleContact> = {
    data,
    isSuccess: data !== undefined,
    isPlaceholderData: false,
    isFetching: mode === 'loading',
    isPaused: false,
    isError: false,
    error: null,
    refetch: () => undefined,
  };
  const columns: ColumnDef<SampleContact>[] = [
    { field: 'name', headerName: t('lists.columns.name'), flex: 1, minWidth: 150, sortable: true, hideable: false },
    { field: 'phone', headerName: t('lists.columns.phone'), width: 160, dir: 'ltr' },
    { field: 'country', headerName: t('lists.columns.country'), width: 110, sortable: true },
    {
      field: 'status',
      headerName: t('lists.columns.status'),
      width: 140,
      renderCell: ({ row }) => <Chip size="small" color={STATUS_COLOR[row.status]} label={t(`lists.statuses.${row.status}`)} />,
    },
    { field: 'messages', headerName: t('lists.columns.messages'), type: 'number', width: 120, sortable: true },
  ];
  const setSearch = (value: string) => list.update({ search: value, page: 0 });
  return (
    <>
      {toolbar?.(search, setSearch, selectedIds.length)}
      <ServerDataGrid<SampleContact, typeof list.state>
        testId={testId}
        label={t('lists.label')}
        query={query}
        list={list}
        columns={columns}
        defaultHidden={mode === 'rows' ? ['country'] : undefined}
        rowHeight={rowHeight}
        minHeight={minHeight}
        sx={sx}
        empty={{
          title: search ? t('lists.noMatch') : t('lists.empty'),
          clear: search ? { label: t('lists.clearSearch'), onClick: () => setSearch('') } : undefined,
        }}
        selection={
          selectable ? { selectedIds, onChange: setSelectedIds, label: (row) => t('lists.select', { name: row.name }) } : undefined
        }
      />
    </>
  );
}
