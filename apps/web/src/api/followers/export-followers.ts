import type { ExportFormat } from '@sms/contracts/contacts';
import type { FollowerFilter } from '@sms/contracts/followers';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download';

/** GET /api/followers/export?format=&<filter>: the streamed file, saved by the browser. */
export const exportFollowers = ({ format, filter }: { format: ExportFormat; filter: FollowerFilter }): Promise<string> =>
  downloadFile('/api/followers/export', `followers.${format}`, { params: { ...filter, format } });

/** Downloads the filter's followers as CSV or XLSX. */
export const useExportFollowers = () => useMutation({ mutationFn: exportFollowers });
