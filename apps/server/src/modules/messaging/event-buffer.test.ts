import { describe, expect, it } from 'vitest';
import { EventBuffer } from './event-buffer.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A flush function whose calls the test finishes (or fails) by hand. */
function manualFlush<T>() {
  const calls: Array<{ items: T[]; done: () => void; fail: (error: Error) => void }> = [];
  let running = 0;
  let mostAtOnce = 0;
  const flush = (items: T[]) =>
    new Promise<void>((resolve, reject) => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      const end = () => running--;
      calls.push({ items, done: () => (end(), resolve()), fail: (error) => (end(), reject(error)) });
    });
  return { flush, calls, mostAtOnce: () => mostAtOnce };
}

describe('EventBuffer', () => {
  it('runs at most `concurrency` flushes at once, each of at most maxItems', async () => {
    const manual = manualFlush<number>();
    const buffer = new EventBuffer(manual.flush, { maxItems: 2, maxDelayMs: 5, concurrency: 2, onError: () => {} });
    const stored = buffer.push([1, 2, 3, 4, 5, 6, 7]);
    await sleep(30);
    expect(manual.calls.map((call) => call.items)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    manual.calls[1]!.done();
    await sleep(30);
    expect(manual.calls.map((call) => call.items)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    manual.calls[0]!.done();
    manual.calls[2]!.done();
    await sleep(30);
    manual.calls[3]!.done();
    await stored;
    expect(manual.calls.map((call) => call.items)).toEqual([[1, 2], [3, 4], [5, 6], [7]]);
    expect(manual.mostAtOnce()).toBe(2);
  });

  it('resolves a push only when every item of it is stored, whatever order the flushes finish in', async () => {
    const manual = manualFlush<string>();
    const buffer = new EventBuffer(manual.flush, { maxItems: 2, maxDelayMs: 5, concurrency: 3, onError: () => {} });
    let firstStored = false;
    let secondStored = false;
    void buffer.push(['a', 'b', 'c']).then(() => (firstStored = true));
    void buffer.push(['d']).then(() => (secondStored = true));
    await sleep(30);
    expect(manual.calls.map((call) => call.items)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    manual.calls[1]!.done();
    await sleep(5);
    // 'd' is stored, so the second push is; the first still waits for 'a' and 'b'.
    expect([firstStored, secondStored]).toEqual([false, true]);
    manual.calls[0]!.done();
    await sleep(5);
    expect(firstStored).toBe(true);
  });

  it('keeps the items of a failed flush and stores them on the retry', async () => {
    const manual = manualFlush<number>();
    const errors: unknown[] = [];
    const buffer = new EventBuffer(manual.flush, {
      maxItems: 10,
      maxDelayMs: 5,
      retryMs: 20,
      concurrency: 2,
      onError: (error) => errors.push(error),
    });
    let stored = false;
    void buffer.push([1, 2]).then(() => (stored = true));
    await sleep(20);
    manual.calls[0]!.fail(new Error('database down'));
    await sleep(60);
    expect(errors).toHaveLength(1);
    expect(manual.calls.map((call) => call.items)).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(stored).toBe(false);
    manual.calls[1]!.done();
    await sleep(5);
    expect(stored).toBe(true);
    expect(buffer.size).toBe(0);
  });

  it('hands everything left to the flush function on close, and no more after', async () => {
    const seen: number[][] = [];
    const buffer = new EventBuffer(async (items: number[]) => void seen.push(items), {
      maxItems: 2,
      maxDelayMs: 10_000,
      concurrency: 2,
      onError: () => {},
    });
    const stored = buffer.push([1]);
    void buffer.push([2, 3]);
    await buffer.close();
    await stored;
    expect(seen.flat()).toEqual([1, 2, 3]);
    expect(buffer.size).toBe(0);
  });

  it('gives a push up after giveUpAfterMs of failed flushes: rejected, its items dropped, the others kept and stored', async () => {
    let failing = true;
    const stored: string[] = [];
    const buffer = new EventBuffer<string>(
      async (items) => {
        if (failing) throw new Error('database away');
        stored.push(...items);
      },
      { maxItems: 10, maxDelayMs: 1, retryMs: 20, giveUpAfterMs: 100, onError: () => {} },
    );
    const early = buffer.push(['early']);
    const earlyOutcome = early.then(
      () => 'stored',
      (error: Error) => `rejected: ${error.message}`,
    );
    await sleep(90);
    const late = buffer.push(['late']);
    await sleep(60);
    // The early push waited past its limit: answered "not stored" (the carrier delivers it again).
    expect(await earlyOutcome).toBe('rejected: database away');
    failing = false;
    await late;
    expect(stored).toEqual(['late']);
    expect(buffer.size).toBe(0);
  });

  it('rejects on close what could not be stored, so it is never acknowledged', async () => {
    const buffer = new EventBuffer<string>(
      async () => {
        throw new Error('database away');
      },
      { maxItems: 10, maxDelayMs: 1, retryMs: 1_000, onError: () => {} },
    );
    const pushed = buffer.push(['a', 'b']).then(
      () => 'stored',
      () => 'rejected',
    );
    await sleep(20);
    await buffer.close();
    expect(await pushed).toBe('rejected');
  });
});
