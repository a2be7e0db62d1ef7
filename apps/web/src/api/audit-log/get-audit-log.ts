import type { AuditLogQuery, AuditLogResponse } from '@sms/contracts/audit-log';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { auditKeys } from './audit-log-keys';

/** GET /api/audit-log: one page of entries, newest first. */
export const getAuditLog = (query: AuditLogQuery, signal?: AbortSignal): Promise<AuditLogResponse> =>
  apiGet<AuditLogResponse>('/api/audit-log', { params: query, signal });

/** The previous page stays on screen while the next one loads. */
export const auditLogQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** One page of the audit log for the grid. */
export const useAuditLog = (query: AuditLogQuery) => useQuery(auditLogQueryOptions(query));
