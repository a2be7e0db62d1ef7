import { reportCampaignsQuerySchema } from '@sms/contracts/reports';
import { describe, expect, it } from 'vitest';
import { reportsApiQuery, reportsList } from './reports-list-state';

// The list mechanics are tested in lib/list-state; here, what is the reports list's own.
describe('reports list', () => {
  it('defaults to the latest launches first, and plain /reports has no query', () => {
    expect(reportsList.defaults).toEqual({ page: 0, pageSize: 25, search: '', status: '', sort: 'launchedAt', order: 'desc' });
    expect(reportsList.toParams(reportsList.defaults).toString()).toBe('');
  });

  it('round-trips search, status, sort and page; drafts are never reported', () => {
    const state = {
      page: 2,
      pageSize: 50,
      search: 'storm',
      status: 'completed' as const,
      sort: 'repliedPct' as const,
      order: 'asc' as const,
    };
    const params = reportsList.toParams(state);
    expect(params.toString()).toBe('page=3&pageSize=50&search=storm&status=completed&sort=repliedPct&order=asc');
    expect(reportsList.parse(params)).toEqual(state);
    expect(reportsList.parse(new URLSearchParams('status=draft&sort=body'))).toEqual(reportsList.defaults);
  });

  it('asks the API for the page shown', () => {
    const query = reportsApiQuery({ ...reportsList.defaults, page: 1, search: 'a', status: 'sending' });
    expect(query).toEqual({ limit: 25, skip: 25, sort: 'launchedAt', order: 'desc', search: 'a', status: 'sending' });
    expect(reportCampaignsQuerySchema.parse(query)).toMatchObject(query);
  });
});
