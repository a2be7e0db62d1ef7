import { describe, expect, it } from 'vitest';
import { bulkCount, bulkTarget, offerAllMatching } from './bulk-target';
import {
  changeListState,
  DEFAULT_LIST_STATE,
  dayBoundary,
  filterToApiQuery,
  isFiltered,
  lastPage,
  listStateToApiQuery,
  listStateToParams,
  parseListState,
  stateFilter,
  validDate,
} from './list-state';

const parse = (query: string) => parseListState(new URLSearchParams(query));

describe('parseListState', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_STATE);
  });

  it('reads every field (page is one-based in the URL)', () => {
    expect(parse('page=3&pageSize=50&search=%20ada%20&tag1=Spring+fair&tag2=vip&tag3=x&status=opted_out&createdFrom=2026-01-01&createdTo=2026-02-28&sort=lastName&order=asc')).toEqual({
      page: 2,
      pageSize: 50,
      search: 'ada',
      tag1: 'Spring fair',
      tag2: 'vip',
      tag3: 'x',
      status: 'opted_out',
      createdFrom: '2026-01-01',
      createdTo: '2026-02-28',
      sort: 'lastName',
      order: 'asc',
    });
  });

  it('ignores invalid values', () => {
    expect(parse('page=0&pageSize=7&status=gone&sort=password&order=up&createdFrom=2026-02-30&createdTo=yesterday')).toEqual(DEFAULT_LIST_STATE);
    expect(parse(`search=${'x'.repeat(300)}`).search).toHaveLength(200);
    expect(parse(`tag1=${'y'.repeat(300)}`).tag1).toHaveLength(100);
  });
});

describe('listStateToParams', () => {
  it('leaves defaults out and round-trips', () => {
    expect(listStateToParams(DEFAULT_LIST_STATE).toString()).toBe('');
    const state = { ...DEFAULT_LIST_STATE, page: 1, tag2: 'a b', status: 'active', createdTo: '2026-03-01', sort: 'phone', order: 'asc' } as const;
    expect(listStateToParams(state).toString()).toBe('page=2&tag2=a+b&status=active&createdTo=2026-03-01&sort=phone&order=asc');
    expect(parseListState(listStateToParams(state))).toEqual(state);
  });
});

describe('listStateToApiQuery', () => {
  it('turns the page model into limit/skip and leaves empty filters out', () => {
    expect(listStateToApiQuery({ ...DEFAULT_LIST_STATE, page: 2, pageSize: 10, tag1: 'vip', search: '+44' })).toEqual({
      limit: 10,
      skip: 20,
      sort: 'createdAt',
      order: 'desc',
      search: '+44',
      tag1: 'vip',
    });
  });

  it('sends created dates as the bounds of local days (the end day inclusive)', () => {
    const query = filterToApiQuery({ ...stateFilter(DEFAULT_LIST_STATE), createdFrom: '2026-03-01', createdTo: '2026-03-01' });
    expect(query.createdFrom).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.createdTo).toBe(new Date(2026, 2, 2).toISOString());
    expect(dayBoundary('2026-12-31', true)).toBe(new Date(2027, 0, 1).toISOString());
  });
});

describe('changeListState', () => {
  const onPage3 = { ...DEFAULT_LIST_STATE, page: 3 };
  it('goes back to the first page when the search, a filter, the sort or the page size changes', () => {
    expect(changeListState(onPage3, { search: 'x' }).page).toBe(0);
    expect(changeListState(onPage3, { tag3: 'x' }).page).toBe(0);
    expect(changeListState(onPage3, { createdFrom: '2026-01-01' }).page).toBe(0);
    expect(changeListState(onPage3, { sort: 'phone' }).page).toBe(0);
    expect(changeListState(onPage3, { pageSize: 50 }).page).toBe(0);
  });

  it('keeps the page for page changes and no-op patches', () => {
    expect(changeListState(onPage3, { page: 4 }).page).toBe(4);
    expect(changeListState(onPage3, { tag1: '' }).page).toBe(3);
  });
});

describe('helpers', () => {
  it('isFiltered, lastPage, validDate', () => {
    expect(isFiltered(DEFAULT_LIST_STATE)).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, tag2: 'x' })).toBe(true);
    expect(lastPage(0, 25)).toBe(0);
    expect(lastPage(26, 25)).toBe(1);
    expect(validDate('2024-02-29')).toBe('2024-02-29');
    expect(validDate('2023-02-29')).toBe('');
  });
});

describe('bulk target', () => {
  const filter = { ...stateFilter(DEFAULT_LIST_STATE), tag1: 'vip' };
  it('sends the ticked ids, or the filter for "all matching"', () => {
    expect(bulkTarget(['a', 'b'], false, filter)).toEqual({ ids: ['a', 'b'] });
    expect(bulkTarget(['a', 'b'], true, filter)).toEqual({ filter: { tag1: 'vip' } });
    expect(bulkCount(['a', 'b'], false, 40)).toBe(2);
    expect(bulkCount(['a', 'b'], true, 40)).toBe(40);
  });

  it('offers "all matching" once the whole page is ticked and more rows match', () => {
    expect(offerAllMatching(25, 25, 40)).toBe(true);
    expect(offerAllMatching(24, 25, 40)).toBe(false);
    expect(offerAllMatching(25, 25, 25)).toBe(false);
    expect(offerAllMatching(0, 0, 0)).toBe(false);
  });
});
