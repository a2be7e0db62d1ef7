import { callbackBase } from '../callback-token.ts';

/** Paths of Kannel's callbacks (Fastify route syntax): the gateway and its secret token (Kannel cannot sign). */
export const KANNEL_CALLBACK_ROUTES = {
  receipt: '/api/gateways/kannel/:gatewayId/:token/receipt',
  inbound: '/api/gateways/kannel/:gatewayId/:token/inbound',
} as const;

/** Where Kannel reaches this server: the gateway's callbackBaseUrl, else PUBLIC_URL; null when neither is set. */
export const kannelCallbackBase = callbackBase;

function callbackUrl(base: string, gatewayId: string, token: string, kind: 'receipt' | 'inbound'): string {
  return `${base}/api/gateways/kannel/${encodeURIComponent(gatewayId)}/${encodeURIComponent(token)}/${kind}`;
}

/**
 * The dlr-url sent with a message: our message id, and Kannel's placeholders for the report's type
 * (%d), the SMSC's answer (%A) and its time (%T). Kannel fills them in and fetches it (GET).
 */
export function kannelReceiptUrl(base: string, gatewayId: string, token: string, messageId: string): string {
  return `${callbackUrl(base, gatewayId, token, 'receipt')}?id=${messageId}&status=%d&answer=%A&at=%T`;
}

/**
 * The get-url of the sms-service that hands incoming messages to this gateway (kannel.conf):
 * sender (%p), our number (%P), the text as sent (%b) with its coding (%c) and charset (%C), and
 * Kannel's id of the message (%I), which makes a second delivery of it the same message.
 */
export function kannelInboundUrl(base: string, gatewayId: string, token: string): string {
  return `${callbackUrl(base, gatewayId, token, 'inbound')}?from=%p&to=%P&text=%b&coding=%c&charset=%C&id=%I`;
}
