import { downloadFile } from '../../lib/download';

/** GET /api/statements/{id}/csv or /pdf: the statement as a file, saved by the browser; resolves to its name. */
export const downloadStatement = (id: string, month: string, format: 'csv' | 'pdf'): Promise<string> =>
  format === 'csv'
    ? downloadFile(`/api/statements/${encodeURIComponent(id)}/csv`, `statement-${month}.csv`)
    : downloadFile(`/api/statements/${encodeURIComponent(id)}/pdf`, `statement-${month}.pdf`);
