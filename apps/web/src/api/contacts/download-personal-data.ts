import { downloadFile } from '../../lib/download';

/** GET /api/contacts/{id}/personal-data (admins and managers; audited): an access request's bundle. */
export const downloadPersonalData = (id: string, format: 'zip' | 'json' | 'csv'): Promise<string> =>
  downloadFile(`/api/contacts/${encodeURIComponent(id)}/personal-data?format=${format}`, `contact-${id}.${format}`);
