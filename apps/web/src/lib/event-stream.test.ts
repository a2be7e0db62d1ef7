import { notificationEventReader } from '@sms/contracts/notification-event';
import { z } from 'zod';
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
    const { events, rest } = parseServerEvents(text, notificationEventReader);
    expect(events).toEqual([{ type: 'notifications', unread: 2 }]);
    expect(rest).toBe('event: notifications\ndata: {"type":"notifications","unr');
    expect(parseServerEvents(`${rest}ead":0}\n\n`, notificationEventReader).events).toEqual([{ type: 'notifications', unread: 0 }]);
  });

  it('takes a zod schema too (the inbox stream) and skips what it refuses', () => {
    const schema = z.object({ type: z.literal('reply'), id: z.string() });
    const text = 'data: {"type":"reply","id":"m1"}\n\ndata: {"type":"reply","id":2}\n\n';
    expect(parseServerEvents(text, schema).events).toEqual([{ type: 'reply', id: 'm1' }]);
  });

  it('reads only whole unread counts from the notification stream', () => {
    const read = (data: unknown) => parseServerEvents(`data: ${JSON.stringify(data)}\n\n`, notificationEventReader).events;
    expect(read({ type: 'notifications', unread: 0, extra: 1 })).toEqual([{ type: 'notifications', unread: 0 }]);
    expect(read({ type: 'notifications', unread: 1.5 })).toEqual([]);
    expect(read({ type: 'notifications', unread: '3' })).toEqual([]);
    expect(read({ type: 'notifications' })).toEqual([]);
    expect(read(null)).toEqual([]);
    expect(read([1])).toEqual([]);
  });
});
