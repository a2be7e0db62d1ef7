import { notificationEventSchema } from '@sms/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { parseServerEvents } from './event-stream';

describe('parseServerEvents', () => {
  it('reads complete events the schema accepts, skips comments and others, and keeps the unfinished rest', () => {
    const text =
      'retry: 3000\n: connected\n\n' +
      'event: notifications\ndata: {"type":"notifications","unread":2}\n\n' +
      'data: not json\n\n' +
      'data: {"type":"other"}\n\r\n' +
      'event: notifications\ndata: {"type":"notifications","unr';
    const { events, rest } = parseServerEvents(text, notificationEventSchema);
    expect(events).toEqual([{ type: 'notifications', unread: 2 }]);
    expect(rest).toBe('event: notifications\ndata: {"type":"notifications","unr');
    expect(parseServerEvents(`${rest}ead":0}\n\n`, notificationEventSchema).events).toEqual([{ type: 'notifications', unread: 0 }]);
  });
});
