import type { OutboxList } from '@sms/contracts/password-reset';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

/** GET /api/mail-outbox (admins): undelivered account messages, newest first. */
export const getMailOutbox = (page: { limit: number; skip: number }): Promise<OutboxList> =>
  apiGet<OutboxList>('/api/mail-outbox', { params: page });

/** One page of the outbox. */
export const useMailOutbox = (page: { limit: number; skip: number }) =>
  useQuery({ queryKey: ['mail-outbox', page] as const, queryFn: () => getMailOutbox(page), placeholderData: keepPreviousData });
