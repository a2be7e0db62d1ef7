import type { SubscribeBody } from '@sms/contracts/public-site';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/public/subscriptions: a code is texted to the number (202 whether or not it is known). */
export const subscribe = (body: SubscribeBody) => apiPost<{ expiresInSeconds: number }>('/api/public/subscriptions', body);

export const useSubscribe = () => useMutation({ mutationFn: subscribe });
