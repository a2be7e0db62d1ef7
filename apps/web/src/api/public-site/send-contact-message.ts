import type { ContactFormBody } from '@sms/contracts/public-site';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/public/contact: the message reaches the organisation's inbox. */
export const sendContactMessage = (body: ContactFormBody) => apiPost<Record<string, never>>('/api/public/contact', body);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
