import { afterEach, describe, expect, it } from 'vitest';
import { outbound, type SmppRig, startSmppRig, testSmppConfig, waitUntil } from '../../../test/smpp-harness.ts';
import { MISSING_PART } from './inbound-assembler.ts';
import { createSmppGateway } from './smpp-gateway.ts';

let rig: SmppRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const receiptPdu = (fields: Record<string, unknown>, text = '') => ({
  source_addr_ton: 1,
  source_addr_npi: 1,
  source_addr: '447700900001',
  destination_addr: 'ACME',
  esm_class: 0x04,
  data_coding: 0,
  short_message: Buffer.from(text, 'latin1'),
  ...fields,
});

describe('SMPP gateway: delivery receipts', () => {
  it('reads receipts carried by TLVs only and by text only', async () => {
    rig = await startSmppRig({ peer: { receiptDelayMs: 0, receiptFormat: 'tlv', receiptStat: 'REJECTD' } });
    const [byTlv] = await rig.gateway.sendBatch(outbound(1));
    await waitUntil(() => rig!.receipts.length === 1);
    expect(rig.receipts[0]).toMatchObject({
      gatewayMessageId: byTlv?.outcome === 'accepted' ? byTlv.gatewayMessageId : '?',
      status: 'failed',
      errorText: 'REJECTD',
    });

    rig.peer.update({ receiptFormat: 'text', receiptStat: 'DELIVRD' });
    const [byText] = await rig.gateway.sendBatch(outbound(1, undefined, 1));
    await waitUntil(() => rig!.receipts.length === 2);
    expect(rig.receipts[1]).toMatchObject({
      gatewayMessageId: byText?.outcome === 'accepted' ? byText.gatewayMessageId : '?',
      status: 'delivered',
      errorCode: null,
    });
  });

  it('prefers the TLVs, reads the done date as UTC, skips intermediate states, answers every deliver_sm', async () => {
    rig = await startSmppRig();
    await rig.gateway.testConnection();
    const text = (id: string, stat: string, done = '2503141530') =>
      `id:${id} sub:001 dlvrd:000 submit date:2503141529 done date:${done} stat:${stat} err:042 text:hello`;
    const statuses = [
      // TLV says undeliverable (5) although the text says DELIVRD: the TLV wins.
      await rig.peer.deliver(receiptPdu({ receipted_message_id: 'abc1', message_state: 5 }, text('zzz', 'DELIVRD'))),
      await rig.peer.deliver(receiptPdu({}, text('abc2', 'EXPIRED', '250314153012'))),
      await rig.peer.deliver(receiptPdu({}, text('abc3', 'ENROUTE'))),
      await rig.peer.deliver(receiptPdu({ receipted_message_id: 'abc4', message_state: 6 })),
      await rig.peer.deliver(receiptPdu({}, 'this is no receipt')),
      await rig.peer.deliver(receiptPdu({ receipted_message_id: 'abc5', message_state: 2 })),
    ];
    expect(statuses).toEqual([0, 0, 0, 0, 0, 0]);
    await waitUntil(() => rig!.receipts.length === 3);
    expect(rig.receipts).toEqual([
      { gatewayMessageId: 'abc1', status: 'undelivered', errorCode: '042', errorText: 'UNDELIV', at: new Date('2025-03-14T15:30:00Z') },
      { gatewayMessageId: 'abc2', status: 'undelivered', errorCode: '042', errorText: 'EXPIRED', at: new Date('2025-03-14T15:30:12Z') },
      { gatewayMessageId: 'abc5', status: 'delivered', errorCode: null, errorText: null, at: expect.any(Date) },
    ]);
  });

  it('answers ESME_RX_T_APPN when the receipt handler fails, so the SMSC delivers it again', async () => {
    rig = await startSmppRig();
    await rig.gateway.close();
    const failing = createSmppGateway(
      { config: testSmppConfig(rig.peer.port), secrets: { password: 'secret' } },
      {
        receipts: () => {
          throw new Error('database down');
        },
        inbound: () => {},
      },
    );
    await failing.testConnection();
    expect(await rig.peer.deliver(receiptPdu({ receipted_message_id: 'x1', message_state: 2 }))).toBe(0x64);
    await failing.close();
  });
});

describe('SMPP gateway: received messages', () => {
  it('passes on plain GSM-7, Latin-1 and UCS-2 messages with + on international senders', async () => {
    rig = await startSmppRig();
    await rig.gateway.testConnection();
    await rig.peer.sendMo({ from: '+447700900111', to: 'ACME', text: 'Yes [please] €5' });
    await rig.peer.sendMo({ from: '+447700900112', to: '447700900000', text: 'Çà et là', encoding: 'Latin-1' });
    await rig.peer.sendMo({ from: 'SHOP', to: 'ACME', text: 'Привет 😀' });
    await rig.peer.sendMo({ from: '+447700900113', to: 'ACME', text: 'via payload', payloadTlv: true });
    await waitUntil(() => rig!.inbound.length === 4);
    expect(rig.inbound.map(({ from, to, body }) => ({ from, to, body }))).toEqual([
      { from: '+447700900111', to: 'ACME', body: 'Yes [please] €5' },
      { from: '+447700900112', to: '447700900000', body: 'Çà et là' },
      { from: 'SHOP', to: 'ACME', body: 'Привет 😀' },
      { from: '+447700900113', to: 'ACME', body: 'via payload' },
    ]);
    expect(rig.inbound[0]?.gatewayMessageId).toMatch(/^smpp-mo-[0-9a-f]{40}$/);
    expect(rig.inbound[0]?.receivedAt).toBeInstanceOf(Date);
  });

  it('gives the same message delivered twice the same id', async () => {
    rig = await startSmppRig();
    await rig.gateway.testConnection();
    await rig.peer.sendMo({ from: '+447700900111', to: 'ACME', text: 'STOP' });
    await rig.peer.sendMo({ from: '+447700900111', to: 'ACME', text: 'STOP' });
    await rig.peer.sendMo({ from: '+447700900111', to: 'ACME', text: 'START' });
    await waitUntil(() => rig!.inbound.length === 3);
    const [a, b, c] = rig.inbound.map((m) => m.gatewayMessageId);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('reassembles concatenated messages (UDH 8 and 16-bit, SAR), in any order, across a split character', async () => {
    rig = await startSmppRig();
    await rig.gateway.testConnection();
    const gsm = `${'Long reply '.repeat(20)}{end}`;
    await rig.peer.sendMo({ from: '+447700900111', to: 'ACME', text: gsm, order: [1, 0] });
    // The emoji's surrogate pair is split across the two parts: joined before decoding.
    await rig.peer.sendMo({
      from: '+447700900112',
      to: 'ACME',
      text: ['Смайлик \ud83d', '\ude00 конец'],
      concat: 'udh16',
      reference: 0x1234,
      order: [1, 0],
    });
    await rig.peer.sendMo({ from: '+447700900113', to: 'ACME', text: ['first half, ', 'second half'], concat: 'sar' });
    await waitUntil(() => rig!.inbound.length === 3);
    expect(rig.inbound.map((m) => [m.from, m.body])).toEqual([
      ['+447700900111', gsm],
      ['+447700900112', 'Смайлик 😀 конец'],
      ['+447700900113', 'first half, second half'],
    ]);
  });

  it('hands on an incomplete concatenated message after the wait, marking the gap', async () => {
    rig = await startSmppRig({ gateway: { inboundPartsTimeoutMs: 200 } });
    await rig.gateway.testConnection();
    await rig.peer.sendMo({ from: '+447700900111', to: 'ACME', text: ['one ', 'two ', 'three'], order: [0, 2] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rig.inbound).toEqual([]);
    await waitUntil(() => rig!.inbound.length === 1, 2000);
    expect(rig.inbound[0]?.body).toBe(`one ${MISSING_PART}three`);
  });
});
