import type { UnsubscribeBody } from '@sms/contracts/public-site';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/public/unsubscribe: a code is texted to a subscribed number. */
export const unsubscribe = (body: UnsubscribeBody) => apiPost<{ expiresInSeconds: number }>('/api/public/unsubscribe', body);

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
