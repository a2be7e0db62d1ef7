import { describe, expect, it } from 'vitest';
import { backoffDelay, DatabaseAvailability, isDatabaseUnavailable, isRetryableConflict } from './availability.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** What drizzle throws: its own error, the driver's as the cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

function recordingLogger() {
  const lines: string[] = [];
  return {
    lines,
    logger: {
      warn: (_details: object, message: string) => lines.push(`warn ${message}`),
      info: (_details: object, message: string) => lines.push(`info ${message}`),
      error: (_details: object, message: string) => lines.push(`error ${message}`),
    },
  };
}

describe('database availability', () => {
  it.each([
    ['a restart (57P01)', wrapped(withCode('57P01', 'terminating connection due to administrator command'))],
    ['a refused connection', wrapped(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', wrapped(new Error('timeout exceeded when trying to connect'))],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
  ])('tells %s for an outage', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a syntax error (a bug)', wrapped(withCode('42601', 'syntax error at or near "selct"'))],
    ['a unique violation', withCode('23505')],
    ['a deadlock', withCode('40P01', 'deadlock detected')],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNRESET'],
  ])('does not take %s for an outage', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('tells a deadlock or a serialization failure as a conflict to retry', () => {
    expect(isRetryableConflict(wrapped(withCode('40P01')))).toBe(true);
    expect(isRetryableConflict(withCode('40001'))).toBe(true);
    expect(isRetryableConflict(withCode('57P01'))).toBe(false);
  });

  it('logs an outage once, probes until the database answers, then says so once and wakes the waiters', async () => {
    let answering = false;
    let probes = 0;
    const { lines, logger } = recordingLogger();
    const availability = new DatabaseAvailability(async () => {
      probes++;
      if (!answering) throw withCode('ECONNREFUSED');
    }, logger);
    expect(availability.failed(withCode('ECONNRESET'))).toBe(true);
    expect(availability.failed(withCode('ECONNREFUSED'))).toBe(true);
    expect(availability.failed(withCode('42601'))).toBe(false);
    expect(availability.available).toBe(false);
    expect(availability.current?.cause).toMatch(/^ECONNRESET/);
    const woken = availability.whenAvailable(60_000).then(() => Date.now());
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(probes).toBeGreaterThanOrEqual(1);
    answering = true;
    const started = Date.now();
    expect((await woken) - started).toBeLessThan(2_000);
    expect(availability.available).toBe(true);
    expect(lines).toEqual([
      expect.stringMatching(/^warn Database unavailable \(ECONNRESET/),
      expect.stringMatching(/^info Database available again after/),
    ]);
    // A later outage is a new one, logged again.
    availability.failed(withCode('57P01'));
    expect(lines.filter((line) => line.startsWith('warn'))).toHaveLength(2);
    availability.close();
  });

  it('logs other errors as errors, outages not at all (they are logged once, as above)', () => {
    const { lines, logger } = recordingLogger();
    const availability = new DatabaseAvailability(async () => {}, { warn: () => {}, info: () => {} });
    availability.logUnlessOutage(logger, withCode('ECONNRESET'), 'sweep failed');
    availability.logUnlessOutage(logger, withCode('42601'), 'sweep failed');
    expect(lines).toEqual(['error sweep failed']);
    availability.close();
  });

  it('waits between tries with capped, jittered backoff', () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const delay = backoffDelay(attempt, 500, 5_000);
      const ceiling = Math.min(5_000, 500 * 2 ** (attempt - 1));
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });
});
