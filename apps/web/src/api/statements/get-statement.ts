import type { Statement } from '@sms/contracts/statements';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { statementsKeys } from './statements-keys';

/** GET /api/statements/{id}: lines, adjustments and total. */
export const getStatement = async (id: string, signal?: AbortSignal): Promise<Statement> =>
  (await apiGet<{ statement: Statement }>(`/api/statements/${encodeURIComponent(id)}`, { signal })).statement;

/** One statement (the detail and edit pages). */
export const useStatement = (id: string) =>
  useQuery({ queryKey: statementsKeys.detail(id), queryFn: ({ signal }) => getStatement(id, signal) });
