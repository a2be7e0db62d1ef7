import { describe, expect, it } from 'vitest';
import { replyFigures } from './reply-figures.ts';

describe('replyFigures', () => {
  it('splits the recipients into reached and not reached, and the reached into replied and not replied', () => {
    // 100 recipients: 60 delivered (10 of them replied), 20 sent, 8 undelivered, 5 failed, 4 skipped, 3 queued.
    expect(replyFigures({ total: 100, sent: 20, delivered: 60, unknown: 0, replied: 10, optedOut: 0 })).toEqual({
      recipients: 100,
      reached: 80,
      notReached: 20,
      replied: 10,
      notReplied: 70,
      responseRate: 10,
      optedOut: 0,
    });
  });

  it('rounds the response rate to one decimal, and answers 0 without recipients', () => {
    expect(replyFigures({ total: 3, sent: 0, delivered: 3, unknown: 0, replied: 1, optedOut: 0 }).responseRate).toBe(33.3);
    expect(replyFigures({ total: 0, sent: 0, delivered: 0, unknown: 0, replied: 0, optedOut: 0 })).toEqual({
      recipients: 0,
      reached: 0,
      notReached: 0,
      replied: 0,
      notReplied: 0,
      responseRate: 0,
      optedOut: 0,
    });
  });

  it('passes the opt-outs in answer through: they overlap the replies, not the reach', () => {
    expect(replyFigures({ total: 10, sent: 2, delivered: 8, unknown: 0, replied: 4, optedOut: 3 })).toMatchObject({
      reached: 10,
      replied: 4,
      notReplied: 6,
      optedOut: 3,
    });
  });

  it('counts unknown (no receipt within the validity period) as reached, like sent, so a timeout moves no figure', () => {
    const before = replyFigures({ total: 100, sent: 30, delivered: 50, unknown: 0, replied: 10, optedOut: 0 });
    expect(replyFigures({ total: 100, sent: 5, delivered: 50, unknown: 25, replied: 10, optedOut: 0 })).toEqual(before);
    expect(before).toMatchObject({ reached: 80, notReached: 20, notReplied: 70 });
  });
});
