import { listUsersQuerySchema } from '@sms/contracts/users';
import { describe, expect, it } from 'vitest';
import { changeListState, DEFAULT_LIST_STATE, isFiltered, lastPage, listStateToApiQuery, listStateToParams, parseListState } from './list-state';

const parse = (query: string) => parseListState(new URLSearchParams(query));

describe('parseListState', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_STATE);
  });

  it('reads every field (page is one-based in the URL)', () => {
    expect(parse('page=3&pageSize=25&search=%20ada%20&role=manager&status=disabled&sort=name&order=asc')).toEqual({
      page: 2,
      pageSize: 25,
      search: 'ada',
      role: 'manager',
      status: 'disabled',
      sort: 'name',
      order: 'asc',
    });
  });

  it('ignores invalid values', () => {
    expect(parse('page=0&pageSize=7&role=owner&status=gone&sort=password&order=up')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=-2').page).toBe(0);
    expect(parse('page=1.5').page).toBe(0);
    expect(parse('pageSize=1000').pageSize).toBe(10);
    expect(parse(`search=${'x'.repeat(300)}`).search).toHaveLength(200);
  });
});

describe('listStateToParams', () => {
  it('leaves defaults out', () => {
    expect(listStateToParams(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('round-trips through parseListState', () => {
    const state = { page: 4, pageSize: 50, search: 'lee', role: 'agent', status: 'active', sort: 'email', order: 'desc' } as const;
    const params = listStateToParams(state);
    expect(params.get('page')).toBe('5');
    expect(parseListState(params)).toEqual(state);
  });

  it('keeps sort and order together when either differs from the default', () => {
    expect(listStateToParams({ ...DEFAULT_LIST_STATE, order: 'asc' }).toString()).toBe('sort=createdAt&order=asc');
  });
});

describe('listStateToApiQuery', () => {
  it('turns the page model into limit/skip that the API schema accepts', () => {
    const query = listStateToApiQuery({ ...DEFAULT_LIST_STATE, page: 2, pageSize: 25, search: 'ada', role: 'viewer' });
    expect(query).toEqual({ limit: 25, skip: 50, sort: 'createdAt', order: 'desc', search: 'ada', role: 'viewer' });
    expect(listUsersQuerySchema.parse(query)).toEqual(query);
  });

  it('omits empty filters', () => {
    expect(listStateToApiQuery(DEFAULT_LIST_STATE)).toEqual({ limit: 10, skip: 0, sort: 'createdAt', order: 'desc' });
  });
});

describe('changeListState', () => {
  const onPage3 = { ...DEFAULT_LIST_STATE, page: 3 };

  it('goes back to the first page when the search, a filter, the sort or the page size changes', () => {
    expect(changeListState(onPage3, { search: 'x' }).page).toBe(0);
    expect(changeListState(onPage3, { role: 'admin' }).page).toBe(0);
    expect(changeListState(onPage3, { sort: 'name', order: 'asc' }).page).toBe(0);
    expect(changeListState(onPage3, { pageSize: 25 }).page).toBe(0);
  });

  it('keeps the page for page changes and for no-op patches', () => {
    expect(changeListState(onPage3, { page: 4 }).page).toBe(4);
    expect(changeListState(onPage3, { search: '' }).page).toBe(3);
  });
});

describe('helpers', () => {
  it('isFiltered', () => {
    expect(isFiltered(DEFAULT_LIST_STATE)).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, status: 'active' })).toBe(true);
  });

  it('lastPage', () => {
    expect(lastPage(0, 10)).toBe(0);
    expect(lastPage(10, 10)).toBe(0);
    expect(lastPage(11, 10)).toBe(1);
  });
});
