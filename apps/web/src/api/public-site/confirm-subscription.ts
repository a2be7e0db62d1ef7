import type { ConfirmCodeBody } from '@sms/contracts/public-site';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/public/subscriptions/confirm: the code from the text message. */
export const confirmSubscription = (body: ConfirmCodeBody) => apiPost<{ status: 'subscribed' }>('/api/public/subscriptions/confirm', body);

export const useConfirmSubscription = () => useMutation({ mutationFn: confirmSubscription });
