import type { EmailLogEntryResponse } from '@sms/contracts/email-log';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { emailLogKeys } from './email-log-keys';

/** GET /api/email-log/{id}: one e-mail with its body when its kind holds no secret. */
export const getEmailLogEntry = (id: string, signal?: AbortSignal): Promise<EmailLogEntryResponse> =>
  apiGet<EmailLogEntryResponse>(`/api/email-log/${encodeURIComponent(id)}`, { signal });

export const emailLogEntryQueryOptions = (id: string) =>
  queryOptions({ queryKey: emailLogKeys.entry(id), queryFn: ({ signal }) => getEmailLogEntry(id, signal) });

/** One e-mail of the log (fetched while its dialog is open). */
export const useEmailLogEntry = (id: string | null) => useQuery({ ...emailLogEntryQueryOptions(id ?? ''), enabled: id !== null });
