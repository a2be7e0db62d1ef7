import { listImportsQuerySchema } from '@sms/contracts/imports';
import { describe, expect, it } from 'vitest';
import { historyStateToApiQuery, historyStateToParams, parseHistoryState } from './history-state';

describe('history state', () => {
  it('reads and writes the one-based page and the page size', () => {
    const state = parseHistoryState(new URLSearchParams('page=3&pageSize=25'));
    expect(state).toEqual({ page: 2, pageSize: 25 });
    expect(historyStateToParams(state).toString()).toBe('page=3&pageSize=25');
    expect(historyStateToParams({ page: 0, pageSize: 10 }).toString()).toBe('');
  });

  it('ignores invalid values and maps to limit/skip', () => {
    expect(parseHistoryState(new URLSearchParams('page=0&pageSize=7'))).toEqual({ page: 0, pageSize: 10 });
    const query = historyStateToApiQuery({ page: 2, pageSize: 25 });
    expect(query).toEqual({ limit: 25, skip: 50 });
    expect(listImportsQuerySchema.parse(query)).toEqual(query);
  });
});
