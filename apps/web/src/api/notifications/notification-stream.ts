import { notificationEventReader } from '@sms/contracts/notification-event';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useServerEvents } from '../../lib/event-stream';
import { notificationKeys } from './notification-keys';

/** GET /api/notifications/stream: each event refreshes the bell. Answers whether the stream is connected. */
export function useNotificationStream(): boolean {
  const queryClient = useQueryClient();
  const onEvent = useCallback(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.list() }), [queryClient]);
  return useServerEvents('/api/notifications/stream', notificationEventReader, onEvent);
}
