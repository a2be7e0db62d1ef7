import type { ContactFilter, ExportFormat } from '@sms/contracts/contacts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download';

/**
 * GET /api/contacts/export?format=&<filter>: the server streams the file; the browser receives it
 * through the API client (the token is not a cookie), so it is held in memory once before saving.
 */
export const exportContacts = ({ format, filter }: { format: ExportFormat; filter: ContactFilter }): Promise<string> =>
  downloadFile('/api/contacts/export', `contacts.${format}`, { params: { ...filter, format } });

/** Downloads the contacts matching the list's filter as CSV or XLSX. */
export const useExportContacts = () => useMutation({ mutationFn: exportContacts });
