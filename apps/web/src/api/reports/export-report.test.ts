import { describe, expect, it } from 'vitest';
import { reportExportUrl } from './export-report';

describe('report export URLs', () => {
  it('names the export of each report', () => {
    const id = '0190c0de-0000-7000-8000-000000000001';
    expect(reportExportUrl('campaigns')).toBe('/api/reports/campaigns/export');
    expect(reportExportUrl('delivery', id)).toBe(`/api/reports/delivery/${id}/recipients/export`);
    expect(reportExportUrl('tag1-grouped', id)).toBe(`/api/reports/tag1-grouped/${id}/export`);
    expect(reportExportUrl('non-responders', id)).toBe(`/api/reports/non-responders/${id}/export`);
  });
});
