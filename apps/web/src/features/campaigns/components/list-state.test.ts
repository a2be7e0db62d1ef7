import { describe, expect, it } from 'vitest';
import { changeListState, DEFAULT_LIST_STATE, isFiltered, listStateToApiQuery, listStateToParams, parseListState } from './list-state';

describe('campaigns list state', () => {
  it('reads the URL, ignoring unknown and repeated values', () => {
    const state = parseListState(new URLSearchParams('page=3&pageSize=50&search=%20promo%20&status=paused&status=bogus&status=sending&status=paused&sort=name&order=asc'));
    expect(state).toEqual({ page: 2, pageSize: 50, search: 'promo', statuses: ['sending', 'paused'], sort: 'name', order: 'asc' });
    expect(parseListState(new URLSearchParams('page=0&pageSize=7&sort=id&order=up'))).toEqual(DEFAULT_LIST_STATE);
  });

  it('writes only what differs from the default and reads it back the same', () => {
    expect(listStateToParams(DEFAULT_LIST_STATE).toString()).toBe('');
    const state = { ...DEFAULT_LIST_STATE, page: 1, statuses: ['draft', 'completed'] as const, search: 'x' };
    const params = listStateToParams({ ...state, statuses: [...state.statuses] });
    expect(params.toString()).toBe('page=2&search=x&status=draft&status=completed');
    expect(parseListState(params)).toEqual({ ...state, statuses: ['draft', 'completed'] });
  });

  it('builds the API query with statuses as a list and no empty search', () => {
    expect(listStateToApiQuery(DEFAULT_LIST_STATE)).toEqual({ limit: 25, skip: 0, sort: 'createdAt', order: 'desc' });
    expect(listStateToApiQuery({ ...DEFAULT_LIST_STATE, page: 2, pageSize: 10, search: 'a', statuses: ['sending'] })).toEqual({
      limit: 10,
      skip: 20,
      sort: 'createdAt',
      order: 'desc',
      search: 'a',
      status: ['sending'],
    });
  });

  it('goes back to page one when the filter or sort changes, not when paging', () => {
    const onPage3 = { ...DEFAULT_LIST_STATE, page: 2 };
    expect(changeListState(onPage3, { statuses: ['draft'] }).page).toBe(0);
    expect(changeListState(onPage3, { search: 'x' }).page).toBe(0);
    expect(changeListState(onPage3, { sort: 'name' }).page).toBe(0);
    expect(changeListState(onPage3, { statuses: [] }).page).toBe(2);
    expect(changeListState(onPage3, { page: 4 }).page).toBe(4);
    expect(isFiltered(DEFAULT_LIST_STATE)).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, statuses: ['failed'] })).toBe(true);
  });
});
