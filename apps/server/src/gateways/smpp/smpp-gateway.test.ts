import { afterEach, describe, expect, it } from 'vitest';
import { outbound, type SmppRig, startSmppRig, testSmppConfig, waitUntil } from '../../../test/smpp-harness.ts';
import { startSmppPeer } from '../../../test/smpp-peer.ts';
import { GatewayUnavailable, GatewayUnusable } from '../gateway.ts';
import { createSmppGateway } from './smpp-gateway.ts';

const noEvents = { receipts: () => {}, inbound: () => {} };
let rig: SmppRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('SMPP gateway: sending', () => {
  it('sends 1,000 messages, all accepted, and passes on each receipt once', async () => {
    rig = await startSmppRig({
      peer: { receiptDelayMs: 20, receiptStat: (submit) => (submit.destination.endsWith('7') ? 'UNDELIV' : 'DELIVRD') },
    });
    const messages = outbound(1000);
    const results = await rig.gateway.sendBatch(messages);

    expect(results.map((r) => r.messageId)).toEqual(messages.map((m) => m.messageId));
    expect(results.every((r) => r.outcome === 'accepted')).toBe(true);
    const ids = results.map((r) => (r.outcome === 'accepted' ? r.gatewayMessageId : ''));
    expect(new Set(ids).size).toBe(1000);
    expect(rig.peer.submits.map((s) => s.destination)).toEqual(messages.map((m) => m.to));
    expect(rig.peer.submits[0]).toMatchObject({
      source: 'ACME',
      sourceTon: 5,
      sourceNpi: 0,
      destTon: 1,
      destNpi: 1,
      dataCoding: 0,
      registeredDelivery: 1,
      text: 'Hello number 0',
    });

    const { receipts } = rig;
    await waitUntil(() => receipts.length >= 1000, 10_000, '1,000 receipts');
    await new Promise((resolve) => setTimeout(resolve, 100)); // nothing more may come
    expect(receipts).toHaveLength(1000);
    expect(new Set(receipts.map((r) => r.gatewayMessageId))).toEqual(new Set(ids));
    const byId = new Map(receipts.map((r) => [r.gatewayMessageId, r]));
    messages.forEach((message, i) => {
      const receipt = byId.get(ids[i] as string);
      expect(receipt?.status).toBe(message.to.endsWith('7') ? 'undelivered' : 'delivered');
    });
    expect(receipts.find((r) => r.status === 'undelivered')).toMatchObject({ errorCode: '001', errorText: 'UNDELIV' });
  });

  it('sends an urgent message before the campaign parts already waiting for the window', async () => {
    rig = await startSmppRig({ peer: { receiptDelayMs: null }, config: { windowSize: 10 } });
    // 2,000 campaign messages queue behind a window of 10; the urgent one comes after them.
    const campaign = rig.gateway.sendBatch(outbound(2000));
    await waitUntil(() => (rig?.peer.submits.length ?? 0) > 0, 5_000, 'the first campaign submits');
    // Counted when the urgent one is queued: a loaded host may notice the first submits late, when
    // many more have gone (130 once in CI), so its place is measured from here, not from the start.
    const sentBefore = rig.peer.submits.length;
    const [urgent] = await rig.gateway.sendBatch(outbound(1, () => ({ urgent: true, body: 'Your code is 481516' }), 5000));
    expect(urgent?.outcome).toBe('accepted');
    const position = rig.peer.submits.findIndex((submit) => submit.text === 'Your code is 481516');
    // Taken at the next free slot: at most a window (plus the burst in flight) after it was queued,
    // where behind the 2,000 campaign parts it would come about 2,000 - sentBefore later.
    expect(position).toBeGreaterThanOrEqual(sentBefore);
    expect(position - sentBefore).toBeLessThan(100);
    expect((await campaign).every((result) => result.outcome === 'accepted')).toBe(true);
    expect(rig.peer.submits).toHaveLength(2001);
  });

  it('splits a long GSM-7 text with concatenation headers, never between an escape and its character', async () => {
    rig = await startSmppRig({ peer: { receiptDelayMs: 0 } });
    // 152 septets, then '€' (two septets: 0x1B 0x65) that must not straddle the 153-septet boundary.
    const body = `${'a'.repeat(152)}€${'b'.repeat(100)} [end]`;
    const [result] = await rig.gateway.sendBatch(outbound(1, () => ({ body, segments: 2 })));

    const parts = rig.peer.submits;
    expect(parts).toHaveLength(2);
    const [first, second] = parts as [(typeof parts)[0], (typeof parts)[0]];
    expect(first.esmClass & 0x40).toBe(0x40);
    expect(first.dataCoding).toBe(0);
    const reference = first.udh?.[3];
    expect([...(first.udh ?? [])]).toEqual([0x05, 0x00, 0x03, reference, 2, 1]);
    expect([...(second.udh ?? [])]).toEqual([0x05, 0x00, 0x03, reference, 2, 2]);
    expect(first.payload).toHaveLength(152);
    expect(first.payload.at(-1)).not.toBe(0x1b);
    expect([...second.payload.subarray(0, 2)]).toEqual([0x1b, 0x65]);
    expect(second.payload.subarray(2).every((octet) => octet < 0x80)).toBe(true);
    expect(rig.peer.messages()[0]?.text).toBe(body);
    expect(result).toEqual({ messageId: '1', outcome: 'accepted', gatewayMessageId: first.messageId });

    // Only the message's receipt (its first part's) is passed on.
    await waitUntil(() => rig!.peer.stats.receiptsAnswered === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rig.receipts.map((r) => r.gatewayMessageId)).toEqual([first.messageId]);
  });

  it('sends other texts as UCS-2 (data_coding 8), keeping surrogate pairs whole across parts', async () => {
    rig = await startSmppRig({ peer: { receiptDelayMs: null } });
    const short = 'Hello 😀';
    const long = `${'Привет '.repeat(9)}😀${'Мир '.repeat(10)}`; // 104 UTF-16 units, the emoji across the 67-unit boundary
    const results = await rig.gateway.sendBatch(outbound(2, (i) => ({ body: i === 0 ? short : long, encoding: 'UCS-2' })));
    expect(results.every((r) => r.outcome === 'accepted')).toBe(true);

    const [single, ...parts] = rig.peer.submits;
    expect(single).toMatchObject({ dataCoding: 8, esmClass: 0, udh: null, text: short });
    expect(single?.payload.equals(Buffer.from(short, 'utf16le').swap16())).toBe(true);
    expect(parts).toHaveLength(2);
    for (const part of parts) {
      expect(part.dataCoding).toBe(8);
      expect(part.payload.length).toBeLessThanOrEqual(134);
      const lastUnit = part.payload.readUInt16BE(part.payload.length - 2);
      expect(lastUnit >= 0xd800 && lastUnit <= 0xdbff).toBe(false);
    }
    expect(rig.peer.messages()[1]?.text).toBe(long);
  });

  it('marks permanent refusals failed with their code, and local problems without sending', async () => {
    rig = await startSmppRig({ peer: { receiptDelayMs: null } });
    const messages = outbound(5, (i) => (i === 4 ? { to: '12' } : i === 3 ? { from: 'A very long sender' } : {}));
    rig.peer.update({ errors: { [messages[1]!.to]: 'ESME_RINVDSTADR', [messages[2]!.to]: 0x0401 } });
    const results = await rig.gateway.sendBatch(messages);
    expect(results[0]?.outcome).toBe('accepted');
    expect(results[1]).toEqual({
      messageId: '2',
      outcome: 'failed',
      errorCode: 'ESME_RINVDSTADR',
      errorText: 'Invalid destination address',
    });
    expect(results[2]).toEqual({ messageId: '3', outcome: 'failed', errorCode: '0x00000401', errorText: 'SMSC error 0x00000401' });
    expect(results[3]).toMatchObject({ outcome: 'failed', errorCode: 'INVALID_SENDER' });
    expect(results[4]).toMatchObject({ outcome: 'failed', errorCode: 'INVALID_DESTINATION' });
    expect(rig.peer.stats.submitPdus).toBe(3);
  });

  it('numeric senders go as TON 1 / NPI 1 without the +; the default sender fills in', async () => {
    rig = await startSmppRig({ config: { defaultSender: 'DEFAULT' }, peer: { receiptDelayMs: null } });
    await rig.gateway.sendBatch(outbound(2, (i) => ({ from: i === 0 ? '+447700900999' : null })));
    expect(rig.peer.submits.map((s) => [s.source, s.sourceTon, s.sourceNpi])).toEqual([
      ['447700900999', 1, 1],
      ['DEFAULT', 5, 0],
    ]);
  });
});

describe('SMPP gateway: connection', () => {
  it('refused credentials make the gateway unusable, with a readable reason and no password', async () => {
    rig = await startSmppRig({ password: 'hunter2' });
    await expect(rig.gateway.sendBatch(outbound(1))).rejects.toBeInstanceOf(GatewayUnusable);
    const test = await rig.gateway.testConnection();
    expect(test).toEqual({ ok: false, message: 'The SMSC refused the password (ESME_RINVPASWD)' });
    expect(JSON.stringify(test)).not.toContain('hunter2');
    expect(rig.peer.stats.binds).toBe(0);
    expect(rig.peer.stats.refusedBinds).toBeGreaterThanOrEqual(2);
  });

  it('an unknown system ID is unusable too; a good bind tests ok', async () => {
    const peer = await startSmppPeer({ systemId: 'other' });
    const gateway = createSmppGateway({ config: testSmppConfig(peer.port), secrets: { password: 'secret' } }, noEvents);
    expect(await gateway.testConnection()).toEqual({ ok: false, message: 'The SMSC refused the system ID (ESME_RINVSYSID)' });
    await gateway.close();
    const good = createSmppGateway({ config: testSmppConfig(peer.port, { systemId: 'other' }), secrets: { password: 'secret' } }, noEvents);
    expect(await good.testConnection()).toEqual({ ok: true, details: `Bound to 127.0.0.1:${peer.port} as "other" (SMPP 3.4 transceiver)` });
    await good.close();
    await peer.close();
  });

  it('an SMSC that cannot be reached makes the batch unavailable (transient), with a wait', async () => {
    const peer = await startSmppPeer();
    const port = peer.port;
    await peer.close();
    const gateway = createSmppGateway(
      { config: testSmppConfig(port, { reconnectMinSeconds: 5, reconnectMaxSeconds: 5 }), secrets: { password: 'secret' } },
      noEvents,
    );
    const first = await gateway.sendBatch(outbound(1)).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(GatewayUnavailable);
    expect((first as GatewayUnavailable).message).toContain('ECONNREFUSED');
    const second = await gateway.sendBatch(outbound(1)).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(GatewayUnavailable);
    expect((second as GatewayUnavailable).retryAfterMs).toBeGreaterThan(1000);
    expect(await gateway.testConnection()).toMatchObject({ ok: false, message: expect.stringContaining('ECONNREFUSED') });
    await gateway.close();
  });

  it('sends enquire_link while idle and unbinds on close', async () => {
    rig = await startSmppRig({ config: { enquireLinkSeconds: 0.1 } });
    await rig.gateway.testConnection();
    await waitUntil(() => rig!.peer.stats.enquireLinks >= 2, 3000, 'two enquire_link');
    await rig.gateway.close();
    expect(rig.peer.stats.unbindsReceived).toBe(1);
    await waitUntil(() => rig!.peer.boundSessions === 0);
  });
});
