import { describe, expect, it } from 'vitest';
import { changeReportsState, DEFAULT_REPORTS_STATE, parseReportsState, reportsStateToParams, reportsStateToQuery } from './reports-list-state';

describe('reports list state in the URL', () => {
  it('defaults to the latest launches first, and plain /reports has no query', () => {
    expect(parseReportsState(new URLSearchParams())).toEqual(DEFAULT_REPORTS_STATE);
    expect(reportsStateToParams(DEFAULT_REPORTS_STATE).toString()).toBe('');
  });

  it('round-trips search, status, sort and page', () => {
    const state = { page: 2, pageSize: 50, search: 'storm', status: 'completed' as const, sort: 'repliedPct' as const, order: 'asc' as const };
    const params = reportsStateToParams(state);
    expect(params.toString()).toBe('page=3&pageSize=50&search=storm&status=completed&sort=repliedPct&order=asc');
    expect(parseReportsState(params)).toEqual(state);
  });

  it('ignores invalid values (drafts are never reported)', () => {
    expect(parseReportsState(new URLSearchParams('page=0&pageSize=7&status=draft&sort=body&order=up'))).toEqual(DEFAULT_REPORTS_STATE);
    expect(parseReportsState(new URLSearchParams('page=abc')).page).toBe(0);
  });

  it('goes back to the first page when the filter, sort or page size changes', () => {
    const onPage3 = { ...DEFAULT_REPORTS_STATE, page: 2 };
    expect(changeReportsState(onPage3, { search: 'x' }).page).toBe(0);
    expect(changeReportsState(onPage3, { status: 'failed' }).page).toBe(0);
    expect(changeReportsState(onPage3, { sort: 'name' }).page).toBe(0);
    expect(changeReportsState(onPage3, { page: 3 }).page).toBe(3);
    expect(changeReportsState(onPage3, { search: '' }).page).toBe(2);
  });

  it('asks the API for the page shown', () => {
    expect(reportsStateToQuery({ ...DEFAULT_REPORTS_STATE, page: 1, search: 'a', status: 'sending' })).toEqual({ limit: 25, skip: 25, sort: 'launchedAt', order: 'desc', search: 'a', status: 'sending' });
  });
});
