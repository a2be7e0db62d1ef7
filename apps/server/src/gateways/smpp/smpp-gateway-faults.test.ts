import { afterEach, describe, expect, it } from 'vitest';
import { outbound, type SmppRig, startSmppRig, waitUntil } from '../../../test/smpp-harness.ts';
import type { OutboundSms, SendResult } from '../gateway.ts';
import { MAX_THROTTLED_ATTEMPTS } from './submit-window.ts';

let rig: SmppRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const outcomes = (results: SendResult[]) =>
  results.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.outcome]: (acc[r.outcome] ?? 0) + 1 }), {});

/**
 * Sends a batch, then the messages that came back `retry` again (as the engine does), until all
 * are accepted; checks every message got a result each round and returns the rounds' results.
 */
async function sendUntilAccepted(current: SmppRig, messages: OutboundSms[]): Promise<SendResult[][]> {
  const rounds: SendResult[][] = [];
  let pending = messages;
  while (pending.length > 0 && rounds.length < 5) {
    const results = await current.gateway.sendBatch(pending);
    expect(results.map((r) => r.messageId)).toEqual(pending.map((m) => m.messageId));
    expect(results.some((r) => r.outcome === 'failed')).toBe(false);
    rounds.push(results);
    const retry = new Set(results.filter((r) => r.outcome === 'retry').map((r) => r.messageId));
    pending = pending.filter((m) => retry.has(m.messageId));
  }
  expect(pending).toEqual([]);
  return rounds;
}

/** Each recipient reached at least once; duplicates at most the window (the unanswered submits). */
function expectDelivered(current: SmppRig, messages: OutboundSms[], maxDuplicates: number): void {
  let duplicates = 0;
  for (const message of messages) {
    const seen = current.peer.counts.get(message.to) ?? 0;
    expect(seen, message.to).toBeGreaterThanOrEqual(1);
    duplicates += seen - 1;
  }
  expect(duplicates).toBeLessThanOrEqual(maxDuplicates);
}

describe('SMPP gateway: faults', () => {
  it('slows down when throttled and loses nothing', async () => {
    rig = await startSmppRig({ peer: { receiptDelayMs: null, throttle: { fraction: 0.1 } } });
    const messages = outbound(600);
    const results = await rig.gateway.sendBatch(messages);
    expect(outcomes(results)).toEqual({ accepted: 600 });
    expect(rig.peer.stats.throttled).toBeGreaterThan(20);
    expectDelivered(rig, messages, 0);

    // An SMSC limited to 400 submits a second: throttled answers stay a small share.
    rig.peer.update({ throttle: { perSecond: 400 } });
    const throttledBefore = rig.peer.stats.throttled;
    const more = outbound(800, undefined, 1000);
    expect(outcomes(await rig.gateway.sendBatch(more))).toEqual({ accepted: 800 });
    expect(rig.peer.stats.throttled - throttledBefore).toBeLessThan(400);
    expectDelivered(rig, more, 0);
  });

  it('hands a part back as retry after repeated throttling (ESME_RMSGQFUL too)', async () => {
    rig = await startSmppRig({ peer: { receiptDelayMs: null, throttle: { status: 'ESME_RMSGQFUL', fraction: 1 } } });
    const results = await rig.gateway.sendBatch(outbound(1));
    expect(results).toEqual([
      {
        messageId: '1',
        outcome: 'retry',
        errorCode: 'ESME_RMSGQFUL',
        errorText: 'SMSC message queue full',
        retryAfterMs: expect.any(Number),
      },
    ]);
    expect(rig.peer.stats.throttled).toBe(MAX_THROTTLED_ATTEMPTS);
    rig.peer.update({ throttle: null });
    expect(outcomes(await rig.gateway.sendBatch(outbound(3)))).toEqual({ accepted: 3 });
  });

  it('a submit without an answer comes back as retry after the timeout', async () => {
    rig = await startSmppRig({ config: { submitTimeoutSeconds: 0.3 }, peer: { receiptDelayMs: null, swallow: 2 } });
    const results = await rig.gateway.sendBatch(outbound(4));
    expect(results.map((r) => r.outcome)).toEqual(['retry', 'retry', 'accepted', 'accepted']);
    expect(results[0]).toMatchObject({ errorCode: 'TIMEOUT', errorText: 'No answer from the SMSC within 0.3 s' });
    rig.peer.update({ swallow: true });
    const silent = await rig.gateway.sendBatch(outbound(60, undefined, 100));
    expect(outcomes(silent)).toEqual({ retry: 60 });
  });

  it('an unbind from the SMSC mid-batch: reconnects, every message gets a result, none lost', async () => {
    rig = await startSmppRig({ peer: { receiptDelayMs: 5, unbindAfter: 300 } });
    const messages = outbound(1000);
    const rounds = await sendUntilAccepted(rig, messages);
    expect(rounds.length).toBeGreaterThan(1);
    expect(rounds[0]!.some((r) => r.outcome === 'retry' && r.errorCode === 'CONNECTION_LOST')).toBe(true);
    expect(rig.peer.stats.binds).toBeGreaterThanOrEqual(2);
    expect(rig.peer.stats.unbindsSent).toBe(1);
    expectDelivered(rig, messages, 50);
    // Receipts of messages accepted before the unbind still arrive, over the new bind.
    const accepted = rounds.flat().filter((r) => r.outcome === 'accepted').length;
    await waitUntil(() => rig!.receipts.length >= accepted, 5000, 'receipts after reconnection');
  });

  it('a dropped connection mid-batch: reconnects, every message gets a result, none lost', async () => {
    rig = await startSmppRig({ peer: { receiptDelayMs: null, dropAfter: 250 } });
    const messages = outbound(1000);
    const rounds = await sendUntilAccepted(rig, messages);
    expect(rounds[0]!.filter((r) => r.outcome === 'retry').length).toBeGreaterThan(0);
    expect(rounds[0]!.filter((r) => r.outcome === 'retry').length).toBeLessThanOrEqual(50);
    expect(rig.peer.stats.drops).toBe(1);
    expect(rig.peer.stats.binds).toBe(2);
    expectDelivered(rig, messages, 50);
  });

  it('receipts out of order and twice are all passed on and read right', async () => {
    rig = await startSmppRig({
      peer: {
        receiptDelayMs: 30,
        receiptOrder: 'reverse',
        duplicateReceipts: true,
        receiptStat: (s) => (s.destination.endsWith('3') ? 'EXPIRED' : 'DELIVRD'),
      },
    });
    const messages = outbound(200);
    const results = await rig.gateway.sendBatch(messages);
    const ids = results.map((r) => (r.outcome === 'accepted' ? r.gatewayMessageId : ''));
    await waitUntil(() => rig!.receipts.length >= 400, 5000, '400 receipts');
    const { receipts } = rig;
    expect(receipts).toHaveLength(400);
    const positions = receipts.map((r) => ids.indexOf(r.gatewayMessageId));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions.some((p, i) => i > 0 && p < (positions[i - 1] as number))).toBe(true);
    for (const [i, id] of ids.entries()) {
      const mine = receipts.filter((r) => r.gatewayMessageId === id);
      expect(mine).toHaveLength(2);
      expect(mine[0]?.status).toBe(messages[i]!.to.endsWith('3') ? 'undelivered' : 'delivered');
    }
  });

  it('an aborted batch hands retry to what is not decided yet', async () => {
    rig = await startSmppRig({ peer: { receiptDelayMs: null, swallow: true } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const results = await rig.gateway.sendBatch(outbound(10), controller.signal);
    expect(results.map((r) => (r.outcome === 'retry' ? r.errorCode : r.outcome))).toEqual(Array(10).fill('ABORTED'));
  });
});
