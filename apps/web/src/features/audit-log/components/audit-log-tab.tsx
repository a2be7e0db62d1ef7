import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import CardContent from '@mui/material/CardContent';
import type { AuditEntry } from '@sms/contracts/audit-log';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useLocalListState } from '../../../lib/list-state/use-list-state';
import { useExportAuditLog } from '../../../api/audit-log/export-audit-log';
import { useAuditLog } from '../../../api/audit-log/get-audit-log';
import { auditFilter, auditList, auditQuery, EMPTY_AUDIT_FILTER, isFiltered, type AuditFilterState } from './audit-filter-state';
import { AuditEntryPanel } from './audit-entry-panel';
import { AuditGrid } from './audit-grid';
import { AuditToolbar } from './audit-toolbar';

/** The Audit log tab of /configurations (administrators): who did what, when and from where. */
export function AuditLogTab() {
  const { t } = useTranslation('audit');
  const [filter, setFilter] = useState<AuditFilterState>(EMPTY_AUDIT_FILTER);
  const pages = useLocalListState(auditList);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useAuditLog(auditQuery(filter, pages.state));
  const exporter = useExportAuditLog();
  const filtered = isFiltered(filter);

  // A new filter starts again at the first page.
  const change = (patch: Partial<AuditFilterState>) => {
    setFilter((current) => ({ ...current, ...patch }));
    pages.update({ page: 0 });
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
      <AuditGrid list={pages} query={list} filtered={filtered} onOpen={setOpen} />
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
