import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import CardContent from '@mui/material/CardContent';
import type { AuditEntry } from '@sms/contracts/audit-log';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadOrRetry } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditLog } from '../api/get-audit-log';
import { auditFilter, auditQuery, EMPTY_AUDIT_FILTER, isFiltered, type AuditFilterState } from './audit-filter-state';
import { AuditEntryPanel } from './audit-entry-panel';
import { AuditGrid } from './audit-grid';
import { AuditToolbar } from './audit-toolbar';

/** The Audit log tab of /configurations (administrators): who did what, when and from where. */
export function AuditLogTab() {
  const { t } = useTranslation('audit');
  const [filter, setFilter] = useState<AuditFilterState>(EMPTY_AUDIT_FILTER);
  const [page, setPage] = useState({ page: 0, pageSize: 25 });
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useAuditLog(auditQuery(filter, page.page, page.pageSize));
  const exporter = useExportAuditLog();
  const filtered = isFiltered(filter);

  // A new filter starts again at the first page.
  const change = (patch: Partial<AuditFilterState>) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage((current) => ({ ...current, page: 0 }));
  };
  const exportFiltered = async () => {
    try {
      const name = await exporter.mutateAsync(auditFilter(filter));
      setNotice(t('list.exported', { name }));
    } catch (error) {
      setNotice(errorMessage(error));
    }
  };

  return (
    <Card>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
          {t('list.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('list.description')}
        </Typography>
      </CardContent>
      <AuditToolbar
        filter={filter}
        filtered={filtered}
        exporting={exporter.isPending}
        onChange={change}
        onClear={() => change(EMPTY_AUDIT_FILTER)}
        onExport={() => void exportFiltered()}
      />
      <Divider />
      <LoadOrRetry query={list} sx={{ m: 2 }}>
        <AuditGrid
          rows={list.data?.data ?? []}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          page={page.page}
          pageSize={page.pageSize}
          filtered={filtered}
          onPage={(next, pageSize) => setPage({ page: pageSize === page.pageSize ? next : 0, pageSize })}
          onOpen={setOpen}
        />
      </LoadOrRetry>
      <AuditEntryPanel
        entry={open}
        onClose={() => setOpen(null)}
        onFilterActor={(actor) => {
          setOpen(null);
          change({ actor });
        }}
      />
      <Snackbar open={notice !== null} autoHideDuration={5000} onClose={() => setNotice(null)} message={notice} />
    </Card>
  );
}
