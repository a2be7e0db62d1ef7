import { describe, expect, it } from 'vitest';
import { parseEventStream } from './inbox-stream';

describe('parseEventStream', () => {
  it('reads complete events, skips comments and keeps the unfinished rest', () => {
    const text =
      'retry: 3000\n: connected\n\n' +
      'event: inbound\ndata: {"type":"inbound","id":"7","contactId":"c1"}\n\n' +
      'event: message\ndata: {"type":"message","id":"9","contactId":"c1","status":"delivered"}\n\n' +
      'event: inbound\ndata: {"type":"inb';
    const { events, rest } = parseEventStream(text);
    expect(events).toEqual([
      { type: 'inbound', id: '7', contactId: 'c1' },
      { type: 'message', id: '9', contactId: 'c1', status: 'delivered' },
    ]);
    expect(rest).toBe('event: inbound\ndata: {"type":"inb');
  });

  it('ignores malformed data', () => {
    expect(parseEventStream('data: nope\n\ndata: {"type":"other"}\n\n').events).toEqual([]);
  });
});
