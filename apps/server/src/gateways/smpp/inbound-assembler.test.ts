import { describe, expect, it } from 'vitest';
import type { InboundSms } from '../gateway.ts';
import { decodeText, splitUserData } from './decode.ts';
import { createInboundAssembler, inboundId, type InboundPart } from './inbound-assembler.ts';
import { defaultSmsCodec } from './sms-codec.ts';

const at = new Date('2025-03-14T15:30:00Z');
const part = (payload: number[], sequence: number, total: number, dataCoding = 0): InboundPart => ({
  from: '+447700900111',
  to: 'ACME',
  dataCoding,
  concatenation: { reference: 7, total, sequence },
  payload: Buffer.from(payload),
  receivedAt: at,
});

describe('inbound decoding', () => {
  it('splits the UDH from the text and reads 8- and 16-bit concatenation references', () => {
    expect(splitUserData(Buffer.from([0x05, 0x00, 0x03, 0x2a, 0x03, 0x02, 0x41]), 0x40)).toEqual({
      concatenation: { reference: 0x2a, total: 3, sequence: 2 },
      payload: Buffer.from([0x41]),
    });
    expect(splitUserData(Buffer.from([0x06, 0x08, 0x04, 0x12, 0x34, 0x02, 0x01, 0x41]), 0x40).concatenation).toEqual({
      reference: 0x1234,
      total: 2,
      sequence: 1,
    });
    // No UDHI bit: the octets are all text. A UDH longer than the message: left as it is.
    expect(splitUserData(Buffer.from([0x05, 0x00]), 0x00).payload).toHaveLength(2);
    expect(splitUserData(Buffer.from([0x09, 0x00]), 0x40)).toEqual({ concatenation: null, payload: Buffer.from([0x09, 0x00]) });
  });

  it('decodes by data_coding: GSM-7 septets, Latin-1, UCS-2 (odd trailing octet dropped), message-class GSM', () => {
    expect(decodeText(Buffer.from([0x48, 0x69, 0x1b, 0x65, 0x00]), 0, defaultSmsCodec)).toBe('Hi€@');
    expect(decodeText(Buffer.from([0xc7, 0xe0]), 3, defaultSmsCodec)).toBe('Çà');
    expect(decodeText(Buffer.from([0xd8, 0x3d, 0xde, 0x00, 0x00]), 8, defaultSmsCodec)).toBe('😀');
    expect(decodeText(Buffer.from([0x48, 0x69]), 0xf0, defaultSmsCodec)).toBe('Hi');
  });
});

describe('inbound assembler', () => {
  it('joins the octets of all parts before decoding, so an escape pair split across parts survives', () => {
    const out: InboundSms[] = [];
    const assembler = createInboundAssembler({ codec: defaultSmsCodec, timeoutMs: 1000, emit: (m) => out.push(m) });
    expect(assembler.add(part([0x65, 0x31, 0x30], 2, 2))).toBe(false);
    expect(assembler.add(part([0x70, 0x1b], 1, 2))).toBe(true);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ from: '+447700900111', to: 'ACME', body: 'p€10', receivedAt: at });
    expect(out[0]?.gatewayMessageId).toBe(inboundId('+447700900111', 'ACME', 'p€10', at, 7));
  });

  it('a part received twice counts once; flush hands on what is held', () => {
    const out: InboundSms[] = [];
    const assembler = createInboundAssembler({ codec: defaultSmsCodec, timeoutMs: 60_000, emit: (m) => out.push(m) });
    assembler.add(part([0x41], 1, 3));
    assembler.add(part([0x41], 1, 3));
    assembler.add(part([0x43], 3, 3));
    expect(out).toEqual([]);
    assembler.flush();
    expect(out.map((m) => m.body)).toEqual(['A…C']);
  });

  it('ids are stable for a redelivery and differ for another text, sender or window', () => {
    const id = inboundId('+1', 'ACME', 'YES', at, null);
    expect(inboundId('+1', 'ACME', 'YES', new Date(at.getTime() + 60_000), null)).toBe(id);
    expect(inboundId('+1', 'ACME', 'NO', at, null)).not.toBe(id);
    expect(inboundId('+2', 'ACME', 'YES', at, null)).not.toBe(id);
    expect(inboundId('+1', 'ACME', 'YES', new Date(at.getTime() + 3_600_000), null)).not.toBe(id);
  });
});
