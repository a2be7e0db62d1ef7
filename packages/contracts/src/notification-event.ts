// Without zod: the bell of every signed-in page reads these events, and the first pages load no zod
// (decision 064). Its reader has a zod schema's safeParse shape, so the web's event-stream reader takes either.

/** Server-sent event of GET /api/notifications/stream: the user's notifications changed. */
export interface NotificationEvent {
  type: 'notifications';
  /** How many of the user's notifications are unread now. */
  unread: number;
}

/** Reads one event of the notification stream: `{ type: 'notifications', unread: <whole number> }`. */
export const notificationEventReader = {
  safeParse(value: unknown): { success: true; data: NotificationEvent } | { success: false } {
    if (typeof value !== 'object' || value === null) return { success: false };
    const { type, unread } = value as Record<string, unknown>;
    if (type !== 'notifications' || !Number.isInteger(unread)) return { success: false };
    return { success: true, data: { type, unread: unread as number } };
  },
};
