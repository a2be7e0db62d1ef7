import { MutationObserver, onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NOT_SAVED_MESSAGE } from '../api-error';
import { createConnection, type Connection } from './connection-state';
import type { ConnectionTrouble } from './connection-trouble';
import { bindQueriesToConnection, CONNECTION_QUERY_DEFAULTS, queryRetry, queryRetryDelay } from './query-connection';

/** What the API client throws for an answer the server gave in trouble (and reports, as it does). */
function troubleError(connection: Connection, trouble: ConnectionTrouble) {
  connection.report(trouble, trouble === 'reconnecting' ? 5 : undefined);
  return new ApiError({
    status: trouble === 'reconnecting' ? 503 : 0,
    code: trouble === 'reconnecting' ? 'DATABASE_UNAVAILABLE' : undefined,
    message: NOT_SAVED_MESSAGE,
    retryAfter: trouble === 'reconnecting' ? 5 : undefined,
    trouble,
  });
}

describe('query retries', () => {
  it('retry for ever while the server is in trouble; 4xx never, other failures once', () => {
    const trouble = new ApiError({ status: 503, message: 'x', trouble: 'reconnecting' });
    expect(queryRetry(50, trouble)).toBe(true);
    expect(queryRetry(50, new ApiError({ status: 0, message: 'x', trouble: 'unreachable' }))).toBe(true);
    expect(queryRetry(0, new ApiError({ status: 404, message: 'x' }))).toBe(false);
    expect(queryRetry(0, new ApiError({ status: 500, message: 'x' }))).toBe(true);
    expect(queryRetry(1, new ApiError({ status: 500, message: 'x' }))).toBe(false);
  });

  it("wait the answer's Retry-After (at most 10 s), else 1 s doubling", () => {
    expect(queryRetryDelay(0, new ApiError({ status: 503, message: 'x', retryAfter: 5 }))).toBe(5000);
    expect(queryRetryDelay(0, new ApiError({ status: 503, message: 'x', retryAfter: 3600 }))).toBe(10_000);
    expect([0, 1, 2, 3, 4].map((count) => queryRetryDelay(count, new Error('x')))).toEqual([1000, 2000, 4000, 8000, 10_000]);
  });
});

describe('the query client while the server is in trouble', () => {
  let server: ConnectionTrouble | undefined;
  let connection: Connection;
  let client: QueryClient;

  beforeEach(() => {
    vi.useFakeTimers();
    server = undefined;
    connection = createConnection(() => Promise.resolve(server));
    bindQueriesToConnection(connection);
    client = new QueryClient({ defaultOptions: CONNECTION_QUERY_DEFAULTS });
    client.mount();
  });
  afterEach(() => {
    client.unmount();
    client.clear();
    onlineManager.setOnline(true);
    vi.useRealTimers();
  });

  it('keeps the last data without an error, waits for the server instead of calling it, and refetches when it is back', async () => {
    let calls = 0;
    const queryFn = () => {
      calls++;
      return server ? Promise.reject(troubleError(connection, server)) : Promise.resolve(`contacts ${calls}`);
    };
    const observer = new QueryObserver(client, { queryKey: ['contacts'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().data).toBe('contacts 1');

    server = 'reconnecting';
    void observer.refetch();
    await vi.advanceTimersByTimeAsync(60_000);
    const during = observer.getCurrentResult();
    expect(connection.get().status).toBe('reconnecting');
    expect({ data: during.data, isError: during.isError, fetchStatus: during.fetchStatus }).toEqual({
      data: 'contacts 1',
      isError: false,
      fetchStatus: 'paused',
    });
    // One failed call; after it the connection's checks ask the server, not every query.
    expect(calls).toBe(2);

    server = undefined;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connection.get().status).toBe('online');
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult()).toMatchObject({ data: 'contacts 3', isError: false, fetchStatus: 'idle' });
    unsubscribe();
  });

  it('a query first asked while the server cannot be reached waits for it (loading, no error)', async () => {
    server = 'unreachable';
    await connection.check();
    let calls = 0;
    const observer = new QueryObserver(client, { queryKey: ['campaigns'], queryFn: () => Promise.resolve(`campaigns ${++calls}`) });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(5000);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'pending', fetchStatus: 'paused', isError: false });
    expect(calls).toBe(0);
    server = undefined;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'campaigns 1' });
    unsubscribe();
  });

  it('a save fails at once with its message (never held to run later)', async () => {
    server = 'unreachable';
    await connection.check();
    let calls = 0;
    const mutation = new MutationObserver(client, {
      mutationFn: () => {
        calls++;
        return Promise.reject(troubleError(connection, 'reconnecting'));
      },
    });
    await expect(mutation.mutate()).rejects.toMatchObject({ message: NOT_SAVED_MESSAGE });
    expect(mutation.getCurrentResult()).toMatchObject({ status: 'error', isPaused: false });
    server = undefined;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toBe(1);
  });
});
