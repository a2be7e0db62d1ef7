import type { REPORT_EXPORT_FORMATS } from '@sms/contracts/reports';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download';

export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
export type ReportKind = 'campaigns' | 'delivery' | 'tag1-grouped' | 'non-responders';

/** The export URL of each report: the table's own URL plus `/export` (the delivery report exports its recipients). */
export function reportExportUrl(kind: ReportKind, campaignId?: string): string {
  if (kind === 'campaigns') return '/api/reports/campaigns/export';
  const id = encodeURIComponent(campaignId ?? '');
  return kind === 'delivery' ? `/api/reports/delivery/${id}/recipients/export` : `/api/reports/${kind}/${id}/export`;
}

export interface ExportReportInput {
  kind: ReportKind;
  campaignId?: string;
  format: ReportExportFormat;
  /** The screen's filters (search, status, tag1…), so the file holds what the table shows. */
  params?: Record<string, unknown>;
}

/**
 * GET /api/reports/.../export?format=csv|xlsx&<filters>: fetched through the API client (the
 * token is not a cookie) and saved under the server's file name.
 */
export const exportReport = ({ kind, campaignId, format, params }: ExportReportInput): Promise<string> =>
  downloadFile(reportExportUrl(kind, campaignId), `${kind}-report.${format}`, {
    params: { ...params, format },
    paramsSerializer: { indexes: null },
  });

export const useExportReport = () => useMutation({ mutationFn: exportReport });
