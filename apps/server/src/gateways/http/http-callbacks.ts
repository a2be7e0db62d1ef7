import { readPath } from '@sms/contracts/gateway-http-template';
import type { HttpConfig } from '@sms/contracts/gateway-http';
import type { DeliveryReceipt, InboundSms } from '../gateway.ts';

/**
 * Pure readers of what an http gateway's provider posts back, through the gateway's mapping: the
 * query's fields and the body's (form or JSON; the body's win). A JSON array is one callback per
 * element (providers that batch their receipts).
 */

/** A callback field that does not hold what the mapping says (a 400 naming the field). */
export class HttpCallbackInvalid extends Error {
  override name = 'HttpCallbackInvalid';
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

type Fields = Record<string, unknown>;

/** Form fields with a single value each (the first of a repeated name). */
function firstValues(fields: Record<string, unknown>): Fields {
  const single: Fields = Object.create(null);
  for (const [name, value] of Object.entries(fields)) single[name] = Array.isArray(value) ? value[0] : value;
  return single;
}

/** The callbacks in one request: query and body merged, or one per element of a JSON array body. */
export function callbackItems(query: Record<string, unknown>, body: unknown): Fields[] {
  const base = firstValues(query);
  if (Array.isArray(body))
    return body.filter((item) => item !== null && typeof item === 'object').map((item) => ({ ...base, ...(item as Fields) }));
  if (body !== null && typeof body === 'object') return [{ ...base, ...firstValues(body as Fields) }];
  return [base];
}

/** A mapped field's text, trimmed; undefined when absent or empty. */
function field(fields: Fields, path: string): string | undefined {
  const value = readPath(fields, path)?.trim();
  return value ? value : undefined;
}

/** A mapped field that must be there. */
function required(fields: Fields, path: string, setting: string): string {
  const value = field(fields, path);
  if (value === undefined) throw new HttpCallbackInvalid(path, `${path} is required (the gateway's ${setting})`);
  return value;
}

/**
 * A delivery report as a receipt, or null for a status that is neither delivered nor failed
 * (accepted, buffered: steps on the way). A failed value makes the message undelivered (it was
 * handed over), with the error field's code when the provider sends one.
 */
export function parseHttpReceipt(config: HttpConfig, fields: Fields, now: Date = new Date()): DeliveryReceipt | null {
  const id = required(fields, config.receiptIdField, 'receiptIdField').slice(0, 128);
  const status = required(fields, config.receiptStatusField, 'receiptStatusField');
  const matches = (values: string[]) => values.some((value) => value.toLowerCase() === status.toLowerCase());
  if (matches(config.receiptDeliveredValues))
    return { gatewayMessageId: id, status: 'delivered', errorCode: null, errorText: null, at: now };
  if (!matches(config.receiptFailedValues)) return null;
  const code = config.receiptErrorField ? field(fields, config.receiptErrorField) : undefined;
  const safeCode = code && /^[A-Za-z0-9_-]{1,20}$/.test(code) && !/^0+$/.test(code) ? code.toUpperCase() : undefined;
  return {
    gatewayMessageId: id,
    status: 'undelivered',
    errorCode: safeCode ? `HTTP_ERR_${safeCode}` : 'HTTP_UNDELIVERED',
    errorText: `The provider reported ${status.slice(0, 100)}${code ? ` (error ${code.slice(0, 40)})` : ''}`,
    at: now,
  };
}

/**
 * An incoming message. A sender of digits only (Vonage's msisdn: 447700900123) is international:
 * it gets its '+'. Without an id field every callback is a new message (no dedupe).
 */
export function parseHttpInbound(config: HttpConfig, fields: Fields, newId: () => string, now: Date = new Date()): InboundSms {
  const from = required(fields, config.inboundFromField, 'inboundFromField').slice(0, 64);
  const id = config.inboundIdField ? field(fields, config.inboundIdField) : undefined;
  return {
    gatewayMessageId: (id ?? newId()).slice(0, 128),
    from: /^[1-9]\d{7,14}$/.test(from) ? `+${from}` : from,
    to: (field(fields, config.inboundToField) ?? '').slice(0, 64),
    body: (readPath(fields, config.inboundTextField) ?? '').slice(0, 10_000),
    receivedAt: now,
  };
}
