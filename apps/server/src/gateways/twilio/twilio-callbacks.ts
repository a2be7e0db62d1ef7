import type { DeliveryReceipt, InboundSms } from '../gateway.ts';
import { twilioErrorCode, twilioErrorInfo } from './twilio-errors.ts';
import type { TwilioParams } from './twilio-signature.ts';

/**
 * Pure parsers of the two forms Twilio posts to us: a message status callback and an incoming
 * message. Both are application/x-www-form-urlencoded; fields we do not use are ignored.
 */

/** A signed form that lacks a field we need (answered 400, naming the field). */
export class TwilioFormInvalid extends Error {
  override name = 'TwilioFormInvalid';
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

// Message SIDs: 'SM' (SMS) or 'MM' (MMS) and 32 hex digits; any two-letter prefix is tolerated.
const SID = /^[A-Z]{2}[0-9a-fA-F]{32}$/;

/** The value of a form field; a repeated field counts by its first value. */
function field(form: TwilioParams, name: string): string | undefined {
  const value = form[name];
  return typeof value === 'string' ? value : value?.[0];
}

function requiredSid(form: TwilioParams, name: string): string {
  const value = field(form, name);
  if (value === undefined || value === '') throw new TwilioFormInvalid(name, `${name} is required`);
  if (!SID.test(value)) throw new TwilioFormInvalid(name, `${name} must be a Twilio message SID`);
  return value;
}

function requiredText(form: TwilioParams, name: string): string {
  const value = field(form, name)?.trim();
  if (!value) throw new TwilioFormInvalid(name, `${name} is required`);
  return value;
}

// Final states become receipts. 'read' (chat channels) implies delivered. The rest are steps on
// the way (queued, sending, sent, accepted, scheduled) or not about delivery (canceled,
// receiving, received, partially_delivered): no receipt.
const FINAL_STATUSES: Readonly<Record<string, DeliveryReceipt['status']>> = {
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

/**
 * A status callback as a delivery receipt, or null for an intermediate status. `at` is when we
 * received it: Twilio's only carrier time (RawDlrDoneDate) has minute precision and no time zone.
 * Throws TwilioFormInvalid when MessageSid or MessageStatus is missing.
 */
export function parseStatusCallback(form: TwilioParams, now: Date = new Date()): DeliveryReceipt | null {
  const gatewayMessageId = requiredSid(form, 'MessageSid');
  const status = requiredText(form, 'MessageStatus').toLowerCase();
  const mapped = FINAL_STATUSES[status];
  if (!mapped) return null;
  const rawCode = field(form, 'ErrorCode')?.trim();
  const code = rawCode && /^\d{1,10}$/.test(rawCode) ? Number(rawCode) : undefined;
  // Twilio sends ErrorCode 0 or none on success; a delivered message never carries an error.
  if (mapped === 'delivered' || code === undefined || code === 0) {
    return { gatewayMessageId, status: mapped, errorCode: null, errorText: null, at: now };
  }
  const errorText = field(form, 'ErrorMessage')?.trim() || twilioErrorInfo(code)?.text || `Twilio error ${code}`;
  return { gatewayMessageId, status: mapped, errorCode: twilioErrorCode(code), errorText, at: now };
}

/**
 * An incoming message. Media (MMS) is not kept: the platform handles text, so a picture-only
 * message arrives with an empty body. Throws TwilioFormInvalid when MessageSid, From or To is missing.
 */
export function parseInboundMessage(form: TwilioParams, now: Date = new Date()): InboundSms {
  return {
    gatewayMessageId: requiredSid(form, 'MessageSid'),
    from: requiredText(form, 'From'),
    to: requiredText(form, 'To'),
    body: field(form, 'Body') ?? '',
    receivedAt: now,
  };
}
