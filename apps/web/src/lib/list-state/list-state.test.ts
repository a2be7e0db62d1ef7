import { describe, expect, it } from 'vitest';
import { defineList } from './define-list';
import {
  changeListState,
  correctedPage,
  lastPage,
  nextSortOrder,
  pageQuery,
  sortedPageQuery,
  sortFromChoice,
  withoutEmpty,
} from './list-state';
import { choiceField, choicesField, dateField, textField, validDate } from './url-fields';

// Lists shaped like the app's: a people list (choices, sort), a contacts-like list (tags and dates),
// a campaigns-like list (a repeated parameter under another name), and a list that only pages.
const people = defineList({
  pageSize: 10,
  filters: { search: textField(200), role: choiceField(['admin', 'viewer'] as const) },
  sort: { fields: ['name', 'createdAt'] as const, sort: 'createdAt', order: 'desc' },
});
const contacts = defineList({
  pageSize: 25,
  filters: { search: textField(200), tag1: textField(100), createdFrom: dateField(), createdTo: dateField() },
  sort: { fields: ['createdAt', 'phone'] as const, sort: 'createdAt', order: 'desc' },
});
const campaigns = defineList({
  pageSize: 25,
  filters: { search: textField(200), statuses: choicesField(['draft', 'sending', 'paused', 'completed'] as const, 'status') },
  sort: { fields: ['createdAt', 'name'] as const, sort: 'createdAt', order: 'desc' },
});
const history = defineList({ pageSize: 10 });
const recipients = defineList({ pageSize: 25, sort: { fields: ['name', 'sentAt'] as const, sort: undefined, order: 'asc' } });

const parse = (query: string) => people.parse(new URLSearchParams(query));

describe('parse', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual({ page: 0, pageSize: 10, search: '', role: '', sort: 'createdAt', order: 'desc' });
    expect(parse('')).toEqual(people.defaults);
    expect(history.parse(new URLSearchParams())).toEqual({ page: 0, pageSize: 10 });
    expect(recipients.defaults).toEqual({ page: 0, pageSize: 25, sort: undefined, order: 'asc' });
  });

  it('reads every field (page is one-based in the URL, text trimmed)', () => {
    expect(parse('page=3&pageSize=25&search=%20ada%20&role=viewer&sort=name&order=asc')).toEqual({
      page: 2,
      pageSize: 25,
      search: 'ada',
      role: 'viewer',
      sort: 'name',
      order: 'asc',
    });
    expect(contacts.parse(new URLSearchParams('tag1=Spring+fair&createdFrom=2026-01-01&createdTo=2026-02-28'))).toMatchObject({
      tag1: 'Spring fair',
      createdFrom: '2026-01-01',
      createdTo: '2026-02-28',
    });
  });

  it('ignores invalid values', () => {
    expect(parse('page=0&pageSize=7&role=owner&sort=password&order=up')).toEqual(people.defaults);
    for (const page of ['-2', '1.5', 'abc']) expect(parse(`page=${page}`).page).toBe(0);
    expect(parse('pageSize=1000').pageSize).toBe(10);
    expect(parse(`search=${'x'.repeat(300)}`).search).toHaveLength(200);
    const odd = contacts.parse(new URLSearchParams(`tag1=${'y'.repeat(300)}&createdFrom=2026-02-30&createdTo=yesterday`));
    expect(odd).toMatchObject({ createdFrom: '', createdTo: '' });
    expect(odd.tag1).toHaveLength(100);
  });

  it("reads a repeated parameter in the set's order, once each, unknown values dropped", () => {
    const state = campaigns.parse(new URLSearchParams('status=paused&status=bogus&status=sending&status=paused'));
    expect(state.statuses).toEqual(['sending', 'paused']);
  });

  it('keeps only the offered page sizes', () => {
    const narrow = defineList({ pageSize: 25, pageSizes: [25, 50, 100] });
    expect(narrow.parse(new URLSearchParams('pageSize=10')).pageSize).toBe(25);
    expect(narrow.parse(new URLSearchParams('pageSize=50')).pageSize).toBe(50);
  });
});

describe('toParams', () => {
  it('leaves defaults out, so a plain list URL stays plain', () => {
    expect(people.toParams(people.defaults).toString()).toBe('');
    expect(contacts.toParams(contacts.defaults).toString()).toBe('');
    expect(history.toParams({ page: 0, pageSize: 10 }).toString()).toBe('');
  });

  it('round-trips through parse, in a fixed order', () => {
    const state = { page: 4, pageSize: 50, search: 'lee', role: 'admin', sort: 'name', order: 'asc' } as const;
    const params = people.toParams(state);
    expect(params.toString()).toBe('page=5&pageSize=50&search=lee&role=admin&sort=name&order=asc');
    expect(people.parse(params)).toEqual(state);
    const dated = { ...contacts.defaults, page: 1, tag1: 'a b', createdTo: '2026-03-01', sort: 'phone', order: 'asc' } as const;
    expect(contacts.toParams(dated).toString()).toBe('page=2&tag1=a+b&createdTo=2026-03-01&sort=phone&order=asc');
    expect(contacts.parse(contacts.toParams(dated))).toEqual(dated);
    expect(history.toParams({ page: 2, pageSize: 25 }).toString()).toBe('page=3&pageSize=25');
  });

  it('keeps sort and order together when either differs from the default', () => {
    expect(people.toParams({ ...people.defaults, order: 'asc' }).toString()).toBe('sort=createdAt&order=asc');
    expect(people.toParams({ ...people.defaults, sort: 'name' }).toString()).toBe('sort=name&order=desc');
  });

  it("writes a multiple choice as the repeated parameter, in the set's order", () => {
    const params = campaigns.toParams({ ...campaigns.defaults, page: 1, search: 'x', statuses: ['completed', 'draft'] });
    expect(params.toString()).toBe('page=2&search=x&status=draft&status=completed');
    expect(campaigns.parse(params).statuses).toEqual(['draft', 'completed']);
  });
});

describe('changeListState', () => {
  const onPage3 = { ...contacts.defaults, page: 3 };

  it('goes back to the first page when the search, a filter, the sort or the page size changes', () => {
    expect(changeListState(onPage3, { search: 'x' }).page).toBe(0);
    expect(changeListState(onPage3, { tag1: 'x' }).page).toBe(0);
    expect(changeListState(onPage3, { createdFrom: '2026-01-01' }).page).toBe(0);
    expect(changeListState(onPage3, { sort: 'phone' }).page).toBe(0);
    expect(changeListState(onPage3, { order: 'asc' }).page).toBe(0);
    expect(changeListState(onPage3, { pageSize: 50 }).page).toBe(0);
    expect(changeListState({ ...campaigns.defaults, page: 2 }, { statuses: ['draft'] }).page).toBe(0);
    expect(changeListState({ ...recipients.defaults, page: 2, sort: 'name' }, { sort: undefined }).page).toBe(0);
  });

  it('keeps the page for page changes and for changes that change nothing', () => {
    expect(changeListState(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 });
    expect(changeListState(onPage3, { tag1: '' }).page).toBe(3);
    expect(changeListState({ ...campaigns.defaults, page: 2 }, { statuses: [] }).page).toBe(2);
    // The grid reports page and size together: the same size keeps the page asked for.
    expect(changeListState(onPage3, { page: 5, pageSize: 25 }).page).toBe(5);
  });
});

describe('filters', () => {
  it('knows whether any filter narrows the list, and how to clear them all', () => {
    expect(people.isFiltered(people.defaults)).toBe(false);
    expect(people.isFiltered({ ...people.defaults, role: 'admin' })).toBe(true);
    expect(people.isFiltered({ ...people.defaults, sort: 'name', page: 3 })).toBe(false);
    expect(campaigns.isFiltered({ ...campaigns.defaults, statuses: ['paused'] })).toBe(true);
    expect(contacts.clearedFilters).toEqual({ search: '', tag1: '', createdFrom: '', createdTo: '' });
    expect(history.isFiltered(history.defaults)).toBe(false);
  });

  it('gives just the filters of a state', () => {
    expect(contacts.filterOf({ ...contacts.defaults, page: 2, tag1: 'vip' })).toEqual({
      search: '',
      tag1: 'vip',
      createdFrom: '',
      createdTo: '',
    });
  });

  it('leaves empty filters out of an API query', () => {
    expect(withoutEmpty({ search: '', role: 'viewer', status: [] as string[], tags: ['a'] })).toEqual({ role: 'viewer', tags: ['a'] });
    expect(pageQuery({ page: 2, pageSize: 25 })).toEqual({ limit: 25, skip: 50 });
    expect(sortedPageQuery({ ...people.defaults, page: 1, sort: 'name', order: 'asc' })).toEqual({
      limit: 10,
      skip: 10,
      sort: 'name',
      order: 'asc',
    });
  });

  it('accepts only real calendar dates', () => {
    expect(validDate('2024-02-29')).toBe('2024-02-29');
    expect(validDate('2023-02-29')).toBe('');
    expect(validDate('2026-1-01')).toBe('');
    expect(validDate(null)).toBe('');
  });
});

describe('a page past the end', () => {
  it('lastPage is the last page that has rows (0 for an empty list)', () => {
    expect(lastPage(0, 10)).toBe(0);
    expect(lastPage(10, 10)).toBe(0);
    expect(lastPage(11, 10)).toBe(1);
    expect(lastPage(26, 25)).toBe(1);
  });

  it('goes to the last page with rows when the server answers an empty page past the end', () => {
    expect(correctedPage({ page: 8, pageSize: 10 }, { rows: 0, total: 11 })).toBe(1);
    expect(correctedPage({ page: 3, pageSize: 25 }, { rows: 0, total: 0 })).toBe(0);
  });

  it('leaves a page with rows, the first page and the last page alone', () => {
    expect(correctedPage({ page: 1, pageSize: 10 }, { rows: 1, total: 11 })).toBeNull();
    expect(correctedPage({ page: 0, pageSize: 10 }, { rows: 0, total: 0 })).toBeNull();
    // A capped count (more match than the server counted): pages past it still have rows.
    expect(correctedPage({ page: 5, pageSize: 10 }, { rows: 10, total: 20 })).toBeNull();
  });
});

describe('sortFromChoice', () => {
  const fallback = { sort: 'createdAt' as const, order: 'desc' as const };
  const sorts = ['name', 'createdAt'] as const;

  it('sorts by a column the server can sort by, in the direction chosen', () => {
    expect(sortFromChoice({ field: 'name', sort: 'asc' }, sorts, fallback)).toEqual({ sort: 'name', order: 'asc' });
    expect(sortFromChoice({ field: 'name', sort: 'desc' }, sorts, fallback)).toEqual({ sort: 'name', order: 'desc' });
  });

  it('falls back to the default for another column or a cleared sort', () => {
    expect(sortFromChoice({ field: 'password', sort: 'asc' }, sorts, fallback)).toEqual(fallback);
    expect(sortFromChoice({ field: 'name', sort: null }, sorts, fallback)).toEqual(fallback);
    expect(sortFromChoice({ field: 'name' }, ['name'], { sort: undefined, order: 'asc' })).toEqual({ sort: undefined, order: 'asc' });
  });
});

describe('nextSortOrder', () => {
  it('starts a column not sorted yet with the first order of the cycle', () => {
    expect(nextSortOrder(null, ['asc', 'desc'])).toBe('asc');
    expect(nextSortOrder(null, ['desc', 'asc'])).toBe('desc');
  });

  it('steps to the next order, and round to the first', () => {
    expect(nextSortOrder('asc', ['asc', 'desc'])).toBe('desc');
    expect(nextSortOrder('desc', ['asc', 'desc'])).toBe('asc');
    expect(nextSortOrder('asc', ['desc', 'asc'])).toBe('desc');
  });

  it('clears the sort after the last order when the cycle ends in null', () => {
    expect(nextSortOrder('asc', ['asc', 'desc', null])).toBe('desc');
    expect(nextSortOrder('desc', ['asc', 'desc', null])).toBeNull();
  });
});
