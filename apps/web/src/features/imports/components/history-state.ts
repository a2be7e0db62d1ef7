import type { ListImportsQuery } from '@sms/contracts/imports';

export const HISTORY_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The history page's paging, kept in the URL (`?page=2&pageSize=25`, page one-based). */
export interface HistoryState {
  page: number;
  pageSize: number;
}

const DEFAULT: HistoryState = { page: 0, pageSize: 10 };

export function parseHistoryState(params: URLSearchParams): HistoryState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page - 1 : DEFAULT.page,
    pageSize: (HISTORY_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT.pageSize,
  };
}

export function historyStateToParams(state: HistoryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== DEFAULT.page) params.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT.pageSize) params.set('pageSize', String(state.pageSize));
  return params;
}

export const historyStateToApiQuery = (state: HistoryState): ListImportsQuery => ({ limit: state.pageSize, skip: state.page * state.pageSize });
