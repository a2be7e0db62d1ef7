import type { EmailLogListResponse, EmailLogQuery } from '@sms/contracts/email-log';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { emailLogKeys } from './email-log-keys';

/** GET /api/email-log: one page of e-mails sent or tried, newest first (admins). */
export const getEmailLog = (query: Partial<EmailLogQuery>, signal?: AbortSignal): Promise<EmailLogListResponse> =>
  apiGet<EmailLogListResponse>('/api/email-log', { params: query, signal });

export const emailLogQueryOptions = (query: Partial<EmailLogQuery>) =>
  queryOptions({
    queryKey: emailLogKeys.list(query),
    queryFn: ({ signal }) => getEmailLog(query, signal),
    placeholderData: keepPreviousData,
  });

/** A page of the e-mail log under filters. */
export const useEmailLog = (query: Partial<EmailLogQuery>) => useQuery(emailLogQueryOptions(query));
