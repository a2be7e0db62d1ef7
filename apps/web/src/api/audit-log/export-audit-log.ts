import type { AuditLogFilter } from '@sms/contracts/audit-log';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download';

/** GET /api/audit-log/export?<filter>: the entries of the filter as CSV. */
export const exportAuditLog = (filter: AuditLogFilter): Promise<string> =>
  downloadFile('/api/audit-log/export', 'audit-log.csv', { params: filter });

/** Downloads the entries matching the tab's filters. */
export const useExportAuditLog = () => useMutation({ mutationFn: exportAuditLog });
