import { describe, expect, it } from 'vitest';
import { accountedRows, countsAddUp, formatElapsed, importOutcome, importStep, progressPercent, rowsPerSecond } from './import-stats';

const counts = { rowsRead: 10, created: 6, updated: 1, duplicates: 2, rejected: 1 };

describe('importStep', () => {
  it('follows the status', () => {
    expect(importStep(undefined)).toBe('upload');
    expect(importStep({ status: 'uploaded' })).toBe('mapping');
    expect(importStep({ status: 'queued' })).toBe('progress');
    expect(importStep({ status: 'running' })).toBe('progress');
    expect(importStep({ status: 'completed' })).toBe('result');
    expect(importStep({ status: 'failed' })).toBe('result');
    expect(importStep({ status: 'cancelled' })).toBe('result');
    expect(importStep({ status: 'expired' })).toBe('result');
  });
});

describe('counts', () => {
  it('add up when every row read is accounted for', () => {
    expect(accountedRows(counts)).toBe(10);
    expect(countsAddUp(counts)).toBe(true);
    expect(countsAddUp({ ...counts, rowsRead: 11 })).toBe(false);
  });
});

describe('outcome', () => {
  const allRejected = { rowsRead: 4, created: 0, updated: 0, duplicates: 0, rejected: 4 };
  it('is not a success when every row was rejected', () => {
    expect(importOutcome({ status: 'completed', counts })).toBe('completed');
    expect(importOutcome({ status: 'completed', counts: allRejected })).toBe('nothingImported');
    expect(importOutcome({ status: 'completed', counts: { ...allRejected, rowsRead: 0, rejected: 0 } })).toBe('completed');
    expect(importOutcome({ status: 'cancelled', counts: allRejected })).toBe('cancelled');
    expect(importOutcome({ status: 'failed', counts })).toBe('failed');
  });
});

describe('formatElapsed', () => {
  it('shows m:ss or h:mm:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(7_900)).toBe('0:07');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(null)).toBeNull();
    expect(formatElapsed(-1)).toBeNull();
  });
});

describe('rowsPerSecond', () => {
  it("prefers the server's rate, else computes one", () => {
    expect(rowsPerSecond({ rowsPerSecond: 1234.5, elapsedMs: 1000, counts })).toBe(1234.5);
    expect(rowsPerSecond({ rowsPerSecond: null, elapsedMs: 2000, counts })).toBe(5);
    expect(rowsPerSecond({ rowsPerSecond: null, elapsedMs: 0, counts })).toBeNull();
    expect(rowsPerSecond({ rowsPerSecond: null, elapsedMs: null, counts })).toBeNull();
  });
});

describe('progressPercent', () => {
  it('is determinate when known, clamped, and full when completed', () => {
    expect(progressPercent({ status: 'running', progress: 42 })).toBe(42);
    expect(progressPercent({ status: 'running', progress: 140 })).toBe(100);
    expect(progressPercent({ status: 'queued', progress: null })).toBeNull();
    expect(progressPercent({ status: 'completed', progress: null })).toBe(100);
  });
});
