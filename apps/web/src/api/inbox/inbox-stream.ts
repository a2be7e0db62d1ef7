import { inboxEventSchema, type InboxEvent } from '@sms/contracts/inbox';
import { parseServerEvents, useServerEvents } from '../../lib/event-stream';

/** Splits server-sent event text into inbox events; answers the parsed events and the unfinished rest. */
export const parseEventStream = (text: string): { events: InboxEvent[]; rest: string } => parseServerEvents(text, inboxEventSchema);

/**
 * Live inbox events from GET /api/inbox/stream (the shared reader in `lib/event-stream`: fetch
 * streaming with the bearer token in its header, reconnecting with back-off). Answers whether it is
 * connected (callers poll while it is not).
 */
export const useInboxStream = (onEvent: (event: InboxEvent) => void): boolean =>
  useServerEvents('/api/inbox/stream', inboxEventSchema, onEvent);
