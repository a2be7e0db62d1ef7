import { KANNEL_DLR_TYPES } from '@sms/contracts/gateway-kannel';
import type { DeliveryReceipt, InboundSms } from '../gateway.ts';

/**
 * Pure readers of what Kannel's smsbox fetches: a delivery report on the dlr-url and an incoming
 * message on the sms-service get-url (kannel-urls.ts builds both).
 */

/** A Unix time from %T, or `now` when absent or not plausible (within a day of now). */
function unixTime(value: string | undefined, now: Date): Date {
  if (!value || !/^\d{9,11}$/.test(value)) return now;
  const at = new Date(Number(value) * 1000);
  return Math.abs(at.getTime() - now.getTime()) <= 86_400_000 ? at : now;
}

/** The SMSC's answer in a report (%A), trimmed; for SMPP the receipt's text ("id:.. stat:UNDELIV err:..."). */
function answerText(answer: string | undefined): string | null {
  const text = answer?.trim();
  return text ? text.slice(0, 500) : null;
}

/** The err: field of an SMPP receipt that Kannel passes on in %A, when there is one and it is not zero. */
function smppErrorCode(answer: string | null): string | null {
  const code = answer?.match(/\berr:([0-9A-Za-z]{1,3})\b/)?.[1];
  return code && !/^0+$/.test(code) ? `KANNEL_ERR_${code.toUpperCase()}` : null;
}

/**
 * A delivery report as a receipt, or null for the steps on the way (buffered by the SMSC, accepted
 * by the SMSC): only final states become receipts. The receipt names our message id, which is
 * also the gateway message id a Kannel send answers (Kannel's sendsms gives no id of its own).
 */
export function parseKannelReceipt(
  query: { id: string; status: number; answer?: string | undefined; at?: string | undefined },
  now: Date = new Date(),
): DeliveryReceipt | null {
  const answer = answerText(query.answer);
  const at = unixTime(query.at, now);
  switch (query.status) {
    case KANNEL_DLR_TYPES.delivered:
      return { gatewayMessageId: query.id, status: 'delivered', errorCode: null, errorText: null, at };
    case KANNEL_DLR_TYPES.undelivered:
      return {
        gatewayMessageId: query.id,
        status: 'undelivered',
        errorCode: smppErrorCode(answer) ?? 'KANNEL_UNDELIVERED',
        errorText: answer ?? 'The carrier reported the message undelivered',
        at,
      };
    case KANNEL_DLR_TYPES.smscRefused:
      return {
        gatewayMessageId: query.id,
        status: 'failed',
        errorCode: 'KANNEL_SMSC_REJECTED',
        errorText: answer ?? 'The SMSC refused the message',
        at,
      };
    default:
      return null;
  }
}

/** The bytes of one query parameter as sent (percent escapes and '+' decoded), or undefined when absent. */
export function rawQueryBytes(url: string, name: string): Uint8Array | undefined {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    if ((equals < 0 ? pair : pair.slice(0, equals)) !== name) continue;
    const value = equals < 0 ? '' : pair.slice(equals + 1);
    const bytes: number[] = [];
    for (let index = 0; index < value.length; index += 1) {
      const char = value[index] as string;
      if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(value.slice(index + 1, index + 3))) {
        bytes.push(Number.parseInt(value.slice(index + 1, index + 3), 16));
        index += 2;
      } else if (char === '+') bytes.push(0x20);
      else bytes.push(...new TextEncoder().encode(char));
    }
    return Uint8Array.from(bytes);
  }
  return undefined;
}

/** A decoder for Kannel's %C, or null when the label is unknown. */
function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

/**
 * The text of an incoming message from %b's bytes: UCS-2 (%c = 2) is UTF-16BE; otherwise the
 * charset Kannel names in %C (UTF-8 when it names none or one we cannot read).
 */
export function decodeKannelText(bytes: Uint8Array, coding: string | undefined, charset: string | undefined): string {
  const label = charset?.trim();
  if (coding === '2') {
    const named = label && /^(utf-?16|ucs-?2)/i.test(label) ? decoderFor(label.replace(/^ucs-?2/i, 'utf-16be')) : null;
    return (named ?? new TextDecoder('utf-16be')).decode(bytes);
  }
  return ((label ? decoderFor(label) : null) ?? new TextDecoder('utf-8')).decode(bytes);
}

/** An incoming message from the get-url's query (the text decoded from its raw bytes). */
export function parseKannelInbound(
  query: { from: string; to?: string | undefined; id: string; coding?: string | undefined; charset?: string | undefined },
  textBytes: Uint8Array | undefined,
  now: Date = new Date(),
): InboundSms {
  return {
    gatewayMessageId: query.id.trim(),
    from: query.from.trim(),
    to: query.to?.trim() ?? '',
    body: textBytes ? decodeKannelText(textBytes, query.coding?.trim(), query.charset) : '',
    receivedAt: now,
  };
}
