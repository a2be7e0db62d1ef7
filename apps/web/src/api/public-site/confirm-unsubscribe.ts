import type { ConfirmCodeBody } from '@sms/contracts/public-site';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/public/unsubscribe/confirm: the code from the text message. */
export const confirmUnsubscribe = (body: ConfirmCodeBody) => apiPost<{ status: 'unsubscribed' }>('/api/public/unsubscribe/confirm', body);

export const useConfirmUnsubscribe = () => useMutation({ mutationFn: confirmUnsubscribe });
