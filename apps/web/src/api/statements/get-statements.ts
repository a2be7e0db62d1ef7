import type { StatementSummary } from '@sms/contracts/statements';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { statementsKeys } from './statements-keys';

/** GET /api/statements: a page of statements, newest month first, with their totals. */
export const getStatements = (page: { limit: number; skip: number }, signal?: AbortSignal) =>
  apiGet<{ data: StatementSummary[]; total: number }>('/api/statements', { params: page, signal });

/** A page of statements (the list page). */
export const useStatements = (page: { limit: number; skip: number }) =>
  useQuery({
    queryKey: statementsKeys.list(page),
    queryFn: ({ signal }) => getStatements(page, signal),
    placeholderData: keepPreviousData,
  });
