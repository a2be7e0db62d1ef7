import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { DataGrid, type GridPaginationModel } from '@mui/x-data-grid';
import type { ImportSummary } from '@sms/contracts/imports';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useDataGridLocaleText } from '../../../lib/i18n/use-data-grid-locale-text';
import { Can } from '../../../lib/permissions/can';
import { useDownloadErrorFile } from '../api/download-error-file';
import { useImports } from '../api/get-imports';
import { HISTORY_PAGE_SIZES, historyStateToApiQuery, historyStateToParams, parseHistoryState } from '../components/history-state';
import { useImportColumns } from '../components/use-import-columns';
import { GridEmptyOverlay } from '../../../components/grid-empty-overlay';

function NoImportsOverlay() {
  const { t } = useTranslation('imports');
  return <GridEmptyOverlay icon={<IconFileImport size={36} stroke={1.4} />} title={t('history.empty')} />;
}

/** /contacts/imports: every import with who ran it, when, its status, counts and error file. */
export default function ImportHistory() {
  const { t } = useTranslation(['imports', 'common']);
  const localeText = useDataGridLocaleText();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseHistoryState(searchParams);
  const query = useImports(historyStateToApiQuery(state));
  const download = useDownloadErrorFile();
  const { mutate } = download;
  const onDownload = useCallback((row: ImportSummary) => mutate({ id: row.id, errorsUrl: row.errorsUrl }), [mutate]);
  const columns = useImportColumns({ onDownload });
  const { page, pageSize } = state;
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  const onPagination = (model: GridPaginationModel) => {
    const next = historyStateToParams({ page: model.pageSize !== pageSize ? 0 : model.page, pageSize: model.pageSize });
    if (next.toString() !== historyStateToParams(state).toString()) setSearchParams(next, { preventScrollReset: true });
  };

  return (
    <PageContainer
      title={t('history.title')}
      description={t('history.description')}
      breadcrumbs={[{ label: t('common:nav.contacts'), to: paths.contacts.list }, { label: t('history.title') }]}
      actions={
        <Can I="create" a="Import">
          <Button component={RouterLink} to={paths.contacts.upload} variant="contained" startIcon={<IconUpload size={18} aria-hidden />}>
            {t('history.newImport')}
          </Button>
        </Can>
      }
    >
      <Card>
        {download.isError ? (
          <Alert severity="error" sx={{ m: 2.5 }} onClose={() => download.reset()}>
            {errorMessage(download.error)}
          </Alert>
        ) : null}
        <LoadOrRetry query={query} sx={{ m: 2.5 }}>
          <DataGrid
            data-testid="imports-grid"
            label={t('history.title')}
            rows={query.data?.data ?? []}
            columns={columns}
            rowCount={query.data?.total ?? 0}
            loading={query.isFetching && !query.data}
            paginationMode="server"
            paginationModel={paginationModel}
            onPaginationModelChange={onPagination}
            pageSizeOptions={[...HISTORY_PAGE_SIZES]}
            disableColumnFilter
            disableColumnSorting
            disableRowSelectionOnClick
            localeText={localeText}
            slots={{ noRowsOverlay: NoImportsOverlay }}
            rowHeight={56}
            sx={{ border: 0, minHeight: 360 }}
          />
        </LoadOrRetry>
      </Card>
    </PageContainer>
  );
}
