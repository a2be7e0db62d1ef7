import { onlineManager, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '../api-error';
import { connection, type Connection } from './connection-state';
import { retryDelayMs } from './connection-trouble';

/**
 * Whether a failed query is tried again: while the server cannot serve it, always (the page keeps
 * its data and the banner says why, instead of an error); client errors (4xx) never, since they
 * will not change; other failures (5xx) once.
 */
export function queryRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.trouble) return true;
    if (error.status >= 400 && error.status < 500) return false;
  }
  return failureCount < 1;
}

/** The wait before a query's next try: the answer's Retry-After, else 1 s doubling, at most 10 s. */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  return retryDelayMs(failureCount, error instanceof ApiError ? error.retryAfter : undefined);
}

/**
 * TanStack Query counts the app online only while its server serves (connection-state.ts), not by
 * the browser's network events: queries in trouble then wait, keeping their data, and go on at once
 * when the server is back, and stale ones refetch. Mutations must not wait that way (a save would
 * hang, then happen later): the query client runs them whatever this says (`networkMode: 'always'`).
 */
export function bindQueriesToConnection(state: Connection = connection): void {
  onlineManager.setEventListener((setOnline) => state.subscribe(() => setOnline(state.get().status === 'online')));
}

/** The query client's retry rules: queries wait for the server, mutations fail at once with their message. */
export const CONNECTION_QUERY_DEFAULTS = {
  queries: { retry: queryRetry, retryDelay: queryRetryDelay },
  mutations: { retry: false, networkMode: 'always' },
} as const satisfies DefaultOptions;
