import type { SenderList } from '@sms/contracts/senders';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { sendersKeys } from './senders-keys';

/** GET /api/senders: every number and sender ID with its use in the last 30 days. */
export const getSenders = (signal?: AbortSignal): Promise<SenderList> => apiGet<SenderList>('/api/senders', { signal });

/** The numbers and sender IDs (the list, the composer's sender choices). */
export const useSenders = (enabled = true) =>
  useQuery({ queryKey: sendersKeys.list(), queryFn: ({ signal }) => getSenders(signal), enabled });
