import type { SenderDetail } from '@sms/contracts/senders';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { sendersKeys } from './senders-keys';

/** GET /api/senders/{id}: one sender and its messages per day. */
export const getSender = (id: string, signal?: AbortSignal): Promise<SenderDetail> =>
  apiGet<SenderDetail>(`/api/senders/${encodeURIComponent(id)}`, { signal });

export const useSender = (id: string) => useQuery({ queryKey: sendersKeys.detail(id), queryFn: ({ signal }) => getSender(id, signal) });
