import { useEffect, useRef, useState } from 'react';
import { readToken } from './auth/session-storage';

const MAX_RETRY_MS = 30_000;

/** What reads one event's data: a zod schema, or a reader of the same shape without zod (notification-event.ts). */
export interface EventReader<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** Splits server-sent event text into the `data:` values that `schema` accepts, and the unfinished rest. */
export function parseServerEvents<T>(text: string, schema: EventReader<T>): { events: T[]; rest: string } {
  const blocks = text.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events: T[] = [];
  for (const block of blocks) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    try {
      const parsed = schema.safeParse(JSON.parse(data));
      if (parsed.success) events.push(parsed.data);
    } catch {
      // Not JSON: ignore the block.
    }
  }
  return { events, rest };
}

/**
 * A server-sent event stream of the API read with fetch streaming rather than EventSource, so the
 * bearer token travels in the Authorization header as on every other call (never in a URL).
 * Reconnects with back-off; stops on 401/403 (the app's own calls deal with those). Answers
 * whether it is connected (callers poll while it is not).
 */
export function useServerEvents<T>(path: string, schema: EventReader<T>, onEvent: (event: T) => void, enabled = true): boolean {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const run = async () => {
      let retryMs = 1_000;
      while (!signal.aborted) {
        try {
          const token = readToken();
          if (!token) return;
          const response = await fetch(`${import.meta.env.VITE_API_URL ?? ''}${path}`, {
            headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
            cache: 'no-store',
            signal,
          });
          if (response.status === 401 || response.status === 403) return;
          if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
          setConnected(true);
          retryMs = 1_000;
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const { events, rest } = parseServerEvents(buffer + value, schema);
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
  }, [path, schema, enabled]);
  return connected;
}
