import { describe, expect, it } from 'vitest';
import { parseReceipt, parseReceiptDate } from './receipt.ts';

const now = new Date('2025-01-01T00:00:00Z');
const text = (stat: string, extra = '') =>
  `id:7f3a sub:001 dlvrd:001 submit date:2503141529 done date:2503141530 stat:${stat} err:000${extra}`;

describe('delivery receipt parsing', () => {
  it('maps the stat words', () => {
    const status = (stat: string) => {
      const parsed = parseReceipt({ text: text(stat) }, now);
      return parsed.kind === 'final' ? parsed.receipt.status : parsed.kind;
    };
    expect(['DELIVRD', 'UNDELIV', 'EXPIRED', 'DELETED', 'UNKNOWN', 'REJECTD', 'ACCEPTD', 'ENROUTE', 'BOGUS'].map(status)).toEqual([
      'delivered',
      'undelivered',
      'undelivered',
      'undelivered',
      'undelivered',
      'failed',
      'intermediate',
      'intermediate',
      'unreadable',
    ]);
  });

  it('maps message_state values, which win over the text', () => {
    const status = (state: number) => {
      const parsed = parseReceipt({ receiptedMessageId: 'tlv-id', messageState: state, text: text('DELIVRD') }, now);
      return parsed.kind === 'final' ? [parsed.receipt.gatewayMessageId, parsed.receipt.status] : parsed.kind;
    };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(status)).toEqual([
      'intermediate',
      ['tlv-id', 'delivered'],
      ['tlv-id', 'undelivered'],
      ['tlv-id', 'undelivered'],
      ['tlv-id', 'undelivered'],
      'intermediate',
      ['tlv-id', 'undelivered'],
      ['tlv-id', 'failed'],
    ]);
  });

  it('reads id, error and done date from the text; the network_error_code TLV when the text has no err', () => {
    expect(parseReceipt({ text: 'id:AB12 stat:UNDELIV err:034 done date:2503141530 text:x' }, now)).toEqual({
      kind: 'final',
      receipt: {
        gatewayMessageId: 'AB12',
        status: 'undelivered',
        errorCode: '034',
        errorText: 'UNDELIV',
        at: new Date('2025-03-14T15:30:00Z'),
      },
    });
    const byTlv = parseReceipt(
      { receiptedMessageId: 'X', messageState: 5, networkErrorCode: Buffer.from([0x03, 0x00, 0x0b]), text: '' },
      now,
    );
    expect(byTlv).toMatchObject({ receipt: { errorCode: '011', at: now } });
    expect(parseReceipt({ text: 'stat:DELIVRD' }, now)).toEqual({ kind: 'unreadable', reason: 'no message id' });
  });

  it('reads YYMMDDhhmm[ss] as UTC and refuses impossible dates', () => {
    expect(parseReceiptDate('2503141530')).toEqual(new Date('2025-03-14T15:30:00Z'));
    expect(parseReceiptDate('250314153045')).toEqual(new Date('2025-03-14T15:30:45Z'));
    expect(parseReceiptDate('2513141530')).toBeNull();
    expect(parseReceiptDate('2502301530')).toBeNull();
    expect(parseReceiptDate('25031415')).toBeNull();
    expect(parseReceiptDate(undefined)).toBeNull();
  });
});
