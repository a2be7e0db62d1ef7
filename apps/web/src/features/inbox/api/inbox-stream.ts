import { inboxEventSchema, type InboxEvent } from '@sms/contracts/inbox';
import { useEffect, useRef, useState } from 'react';
import { readToken } from '../../../lib/auth/session-storage';

const MAX_RETRY_MS = 30_000;

/** Splits server-sent event text into events; answers the parsed events and the unfinished rest. */
export function parseEventStream(text: string): { events: InboxEvent[]; rest: string } {
  const blocks = text.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events: InboxEvent[] = [];
  for (const block of blocks) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    try {
      const parsed = inboxEventSchema.safeParse(JSON.parse(data));
      if (parsed.success) events.push(parsed.data);
    } catch {
      // Not JSON: ignore the block.
    }
  }
  return { events, rest };
}

/**
 * Live inbox events from GET /api/inbox/stream. Read with fetch streaming rather than EventSource,
 * so the bearer token travels in the Authorization header as on every other call (never in a URL
 * that proxies and access logs keep). Reconnects with back-off; answers whether it is connected
 * (callers poll while it is not).
 */
export function useInboxStream(onEvent: (event: InboxEvent) => void): boolean {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const run = async () => {
      let retryMs = 1_000;
      while (!signal.aborted) {
        try {
          const token = readToken();
          if (!token) return;
          const response = await fetch(`${import.meta.env.VITE_API_URL ?? ''}/api/inbox/stream`, {
            headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
            cache: 'no-store',
            signal,
          });
          // Signed out or not allowed: the page's own API calls deal with it; stop here.
          if (response.status === 401 || response.status === 403) return;
          if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
          setConnected(true);
          retryMs = 1_000;
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const { events, rest } = parseEventStream(buffer + value);
            buffer = rest;
            for (const event of events) handler.current(event);
          }
        } catch {
          if (signal.aborted) return;
        }
        setConnected(false);
        await wait(retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      }
    };
    void run();
    return () => {
      controller.abort();
      setConnected(false);
    };
  }, []);
  return connected;
}
