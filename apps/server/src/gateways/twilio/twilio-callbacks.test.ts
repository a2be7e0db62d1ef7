import { describe, expect, it } from 'vitest';
import { parseInboundMessage, parseStatusCallback, TwilioFormInvalid } from './twilio-callbacks.ts';

const SID = 'SM0123456789abcdef0123456789abcdef';
const NOW = new Date('2030-01-02T03:04:05Z');
const status = (fields: Record<string, string | string[]>) =>
  parseStatusCallback({ MessageSid: SID, AccountSid: 'AC0123456789abcdef0123456789abcdef', ...fields }, NOW);

describe('parseStatusCallback', () => {
  it('turns final states into receipts', () => {
    expect(status({ MessageStatus: 'delivered' })).toEqual({
      gatewayMessageId: SID,
      status: 'delivered',
      errorCode: null,
      errorText: null,
      at: NOW,
    });
    expect(status({ MessageStatus: 'delivered', ErrorCode: '0' })?.errorCode).toBeNull();
    expect(status({ MessageStatus: 'read' })?.status).toBe('delivered');
    expect(status({ MessageStatus: 'undelivered', ErrorCode: '30003' })).toEqual({
      gatewayMessageId: SID,
      status: 'undelivered',
      errorCode: 'TWILIO_30003',
      errorText: 'Unreachable destination handset',
      at: NOW,
    });
    expect(status({ MessageStatus: 'failed', ErrorCode: '30007' })).toMatchObject({
      status: 'failed',
      errorCode: 'TWILIO_30007',
      errorText: 'Message filtered by the carrier',
    });
    expect(status({ MessageStatus: 'failed', ErrorCode: '39999' })).toMatchObject({
      errorCode: 'TWILIO_39999',
      errorText: 'Twilio error 39999',
    });
    expect(status({ MessageStatus: 'failed', ErrorCode: '30008', ErrorMessage: 'Carrier said no' })?.errorText).toBe('Carrier said no');
    expect(status({ MessageStatus: 'failed' })).toMatchObject({ status: 'failed', errorCode: null });
    expect(status({ MessageStatus: 'FAILED', ErrorCode: 'junk' })).toMatchObject({ status: 'failed', errorCode: null });
  });

  it('ignores the steps on the way', () => {
    for (const step of ['queued', 'sending', 'sent', 'accepted', 'scheduled', 'canceled', 'receiving', 'received', 'whatever']) {
      expect(status({ MessageStatus: step }), step).toBeNull();
    }
  });

  it('names the missing or malformed field', () => {
    expect(() => parseStatusCallback({ MessageStatus: 'delivered' })).toThrow(
      new TwilioFormInvalid('MessageSid', 'MessageSid is required'),
    );
    expect(() => parseStatusCallback({ MessageSid: 'SM1', MessageStatus: 'delivered' })).toThrow('MessageSid must be a Twilio message SID');
    expect(() => parseStatusCallback({ MessageSid: SID })).toThrow('MessageStatus is required');
    const error = (() => {
      try {
        parseStatusCallback({ MessageSid: SID, MessageStatus: ' ' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(TwilioFormInvalid);
    expect((error as TwilioFormInvalid).field).toBe('MessageStatus');
  });

  it('reads the first value of a repeated field', () => {
    expect(status({ MessageStatus: ['delivered', 'failed'] })?.status).toBe('delivered');
  });
});

describe('parseInboundMessage', () => {
  const form = {
    MessageSid: SID,
    From: '+447911123456',
    To: '+14155550100',
    Body: 'STOP please',
    NumMedia: '0',
    AccountSid: 'AC0123456789abcdef0123456789abcdef',
  };

  it('reads sender, recipient and text', () => {
    expect(parseInboundMessage(form, NOW)).toEqual({
      gatewayMessageId: SID,
      from: '+447911123456',
      to: '+14155550100',
      body: 'STOP please',
      receivedAt: NOW,
    });
  });

  it('keeps the body exactly, and an absent body is empty (picture-only message)', () => {
    expect(parseInboundMessage({ ...form, Body: '  héllo 👋\n' }, NOW).body).toBe('  héllo 👋\n');
    const { Body: _body, ...withoutBody } = form;
    expect(parseInboundMessage({ ...withoutBody, NumMedia: '1', MediaUrl0: 'https://api.twilio.com/x' }, NOW).body).toBe('');
  });

  it('names the missing field', () => {
    expect(() => parseInboundMessage({ ...form, From: '' })).toThrow('From is required');
    const { To: _to, ...withoutTo } = form;
    expect(() => parseInboundMessage(withoutTo)).toThrow('To is required');
    expect(() => parseInboundMessage({ ...form, MessageSid: 'x' })).toThrow('MessageSid must be a Twilio message SID');
  });
});
