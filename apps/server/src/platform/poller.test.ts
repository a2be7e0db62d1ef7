import { afterEach, describe, expect, it } from 'vitest';
import { Poller } from './poller.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A poll that records how many runs overlap and can be held open. */
function probe(runMs = 0) {
  const state = { runs: 0, active: 0, mostAtOnce: 0 };
  const poll = async () => {
    state.runs += 1;
    state.active += 1;
    state.mostAtOnce = Math.max(state.mostAtOnce, state.active);
    await sleep(runMs);
    state.active -= 1;
  };
  return { state, poll };
}

describe('Poller', () => {
  let poller: Poller | undefined;
  afterEach(() => poller?.close());

  it('runs only while started, the first run one interval after the start', async () => {
    const { state, poll } = probe();
    poller = new Poller(poll, { intervalMs: 20 });
    await sleep(60);
    expect(state.runs).toBe(0);
    poller.start();
    poller.start();
    await sleep(5);
    expect(state.runs).toBe(0);
    await sleep(100);
    expect(state.runs).toBeGreaterThanOrEqual(2);
    poller.stop();
    const stopped = state.runs;
    await sleep(60);
    expect(state.runs).toBe(stopped);
  });

  it('never runs twice at once: a slow run delays the next, even when started again meanwhile', async () => {
    const { state, poll } = probe(50);
    poller = new Poller(poll, { intervalMs: 5 });
    poller.start();
    await sleep(20);
    // Stopped and started again while a run is in progress (the last listener left, another came).
    poller.stop();
    poller.start();
    await sleep(250);
    expect(state.runs).toBeGreaterThanOrEqual(2);
    expect(state.mostAtOnce).toBe(1);
  });

  it('reports a failed run and goes on polling', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    poller = new Poller(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('database away');
      },
      { intervalMs: 10, onError: (error) => errors.push(error) },
    );
    poller.start();
    await sleep(100);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('database away');
    expect(runs).toBeGreaterThan(1);
  });

  it('close waits for the run in progress, and no run follows it', async () => {
    const { state, poll } = probe(40);
    poller = new Poller(poll, { intervalMs: 5 });
    poller.start();
    await sleep(15);
    expect(state.active).toBe(1);
    await poller.close();
    expect(state.active).toBe(0);
    const runs = state.runs;
    await sleep(50);
    expect(state.runs).toBe(runs);
  });
});

describe('Poller runs asked for now', () => {
  let poller: Poller<number> | undefined;
  afterEach(() => poller?.close());

  it('waits for the run in progress and answers its own result; the timer never overlaps it', async () => {
    const { state, poll } = probe(30);
    poller = new Poller(async () => (await poll(), state.runs), { intervalMs: 5 });
    poller.start();
    await sleep(10);
    expect(state.active).toBe(1);
    const [first, second] = await Promise.all([poller.runNow(), poller.runNow()]);
    expect(new Set([first, second]).size).toBe(2);
    expect(state.mostAtOnce).toBe(1);
  });

  it('gives its error to the caller, not to onError, and polling goes on', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    poller = new Poller(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('asked and failed');
        return runs;
      },
      { intervalMs: 10, onError: (error) => errors.push(error) },
    );
    poller.start();
    await expect(poller.runNow()).rejects.toThrow('asked and failed');
    await sleep(60);
    expect(errors).toEqual([]);
    expect(runs).toBeGreaterThan(1);
  });

  it('starts no timed run while skip answers true, and runs again once it answers false', async () => {
    const { state, poll } = probe();
    let away = true;
    const timed = new Poller(poll, { intervalMs: 5, skip: () => away });
    timed.start();
    await sleep(50);
    expect(state.runs).toBe(0);
    away = false;
    await sleep(50);
    expect(state.runs).toBeGreaterThan(0);
    await timed.close();
  });
});
