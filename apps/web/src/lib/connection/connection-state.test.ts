import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnection, type ConnectionStatus, type Probe } from './connection-state';
import type { ConnectionTrouble } from './connection-trouble';

/** A probe answering from a list the test sets; counts its calls. */
function scriptedProbe() {
  const state = { answer: 'unreachable' as ConnectionTrouble | undefined, calls: 0 };
  const probe: Probe = () => {
    state.calls++;
    return Promise.resolve(state.answer);
  };
  return { state, probe };
}

/** Lets the probe's promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('connection state', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('starts online and stays so on answers, without checking the server', async () => {
    const { state, probe } = scriptedProbe();
    const connection = createConnection(probe);
    connection.report(undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connection.get()).toEqual({ status: 'online', nextTryAt: undefined });
    expect(state.calls).toBe(0);
  });

  it('goes reconnecting on a 503, checks after its Retry-After, then 1 s doubling up to 10 s, and is online when a check succeeds', async () => {
    const { state, probe } = scriptedProbe();
    const connection = createConnection(probe);
    const seen: ConnectionStatus[] = [];
    connection.subscribe(() => seen.push(connection.get().status));
    state.answer = 'reconnecting';

    connection.report('reconnecting', 5);
    expect(connection.get()).toEqual({ status: 'reconnecting', nextTryAt: Date.now() + 5000 });
    await vi.advanceTimersByTimeAsync(4999);
    expect(state.calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.calls).toBe(1);

    // The next checks: 2, 4, 8, 10, 10 s after each failed one.
    const gaps: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { nextTryAt } = connection.get();
      gaps.push((nextTryAt ?? 0) - Date.now());
      await vi.advanceTimersByTimeAsync(gaps.at(-1) ?? 0);
    }
    expect(gaps).toEqual([2000, 4000, 8000, 10_000, 10_000]);
    expect(state.calls).toBe(6);

    state.answer = undefined;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connection.get()).toEqual({ status: 'online', nextTryAt: undefined });
    expect(seen.at(0)).toBe('reconnecting');
    expect(seen.at(-1)).toBe('online');
    // Online: no more checks.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.calls).toBe(7);
  });

  it('shows no time while a check runs, and many failed calls do not put the planned check off', async () => {
    let release: (trouble: ConnectionTrouble | undefined) => void = () => undefined;
    const connection = createConnection(() => new Promise((resolve) => (release = resolve)));
    connection.report('unreachable');
    const planned = connection.get().nextTryAt;
    expect(planned).toBe(Date.now() + 1000);
    await vi.advanceTimersByTimeAsync(500);
    connection.report('unreachable');
    connection.report('reconnecting');
    expect(connection.get()).toEqual({ status: 'reconnecting', nextTryAt: planned });
    await vi.advanceTimersByTimeAsync(500);
    expect(connection.get()).toEqual({ status: 'reconnecting', nextTryAt: undefined });
    release('unreachable');
    await settle();
    expect(connection.get()).toEqual({ status: 'unreachable', nextTryAt: Date.now() + 2000 });
  });

  it('is online at the first answer an API call gets, and a check that started before it decides nothing', async () => {
    let release: (trouble: ConnectionTrouble | undefined) => void = () => undefined;
    const connection = createConnection(() => new Promise((resolve) => (release = resolve)));
    connection.report('unreachable');
    await vi.advanceTimersByTimeAsync(1000);
    connection.report(undefined);
    expect(connection.get().status).toBe('online');
    release('unreachable');
    await settle();
    expect(connection.get()).toEqual({ status: 'online', nextTryAt: undefined });
  });

  it('checks now when asked (one check for concurrent asks), and whenOnline waits for the server', async () => {
    const { state, probe } = scriptedProbe();
    const connection = createConnection(probe);
    await expect(Promise.all([connection.check(), connection.check()])).resolves.toEqual(['unreachable', 'unreachable']);
    expect(state.calls).toBe(1);
    let back = false;
    void connection.whenOnline().then(() => (back = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(back).toBe(false);
    state.answer = undefined;
    await expect(connection.check()).resolves.toBe('online');
    await settle();
    expect(back).toBe(true);
    await expect(connection.whenOnline()).resolves.toBeUndefined();
  });

  it('counts a probe that throws as unreachable', async () => {
    const connection = createConnection(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(connection.check()).resolves.toBe('unreachable');
  });
});
