import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import type { ImportSummary } from '@sms/contracts/imports';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { defineList } from '../../../lib/list-state/define-list';
import { pageQuery } from '../../../lib/list-state/list-state';
import { useUrlListState } from '../../../lib/list-state/use-list-state';
import { Can } from '../../../lib/permissions/can';
import { useDownloadErrorFile } from '../../../api/imports/download-error-file';
import { useImports } from '../../../api/imports/get-imports';
import { useImportColumns } from '../components/use-import-columns';

/** The history's paging, kept in the URL (`?page=2&pageSize=25`); newest first, no sorting. */
const historyList = defineList({ pageSize: 10 });

/** /contacts/imports: every import with who ran it, when, its status, counts and error file. */
export default function ImportHistory() {
  const { t } = useTranslation(['imports', 'common']);
  const list = useUrlListState(historyList);
  const query = useImports(pageQuery(list.state));
  const download = useDownloadErrorFile();
  const { mutate } = download;
  const onDownload = useCallback((row: ImportSummary) => mutate({ id: row.id, errorsUrl: row.errorsUrl }), [mutate]);
  const columns = useImportColumns({ onDownload });

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
        <ServerDataGrid
          testId="imports-grid"
          label={t('history.title')}
          list={list}
          query={query}
          columns={columns}
          empty={{ icon: <IconFileImport size={36} stroke={1.4} />, title: t('history.empty') }}
          rowHeight={56}
          minHeight={360}
        />
      </Card>
    </PageContainer>
  );
}
