/** Paths of the http kind's callbacks (Fastify route syntax): the gateway and its secret token. */
export const HTTP_CALLBACK_ROUTES = {
  receipt: '/api/gateways/http/:gatewayId/:token/receipt',
  inbound: '/api/gateways/http/:gatewayId/:token/inbound',
} as const;

function callbackUrl(base: string, gatewayId: string, token: string, kind: 'receipt' | 'inbound'): string {
  return `${base}/api/gateways/http/${encodeURIComponent(gatewayId)}/${encodeURIComponent(token)}/${kind}`;
}

/** The receipt URL of one message (`{{receiptUrl}}`): `ref` names our message id, for providers that echo nothing else. */
export function httpReceiptUrl(base: string, gatewayId: string, token: string, messageId: string): string {
  return `${callbackUrl(base, gatewayId, token, 'receipt')}?ref=${messageId}`;
}

/** The receipt URL to set once in the provider's dashboard (a per-message `{{receiptUrl}}` adds `?ref=<message id>`). */
export function httpReceiptsUrl(base: string, gatewayId: string, token: string): string {
  return callbackUrl(base, gatewayId, token, 'receipt');
}

/** The inbound URL to set in the provider's dashboard (its number's incoming messages webhook). */
export function httpInboundUrl(base: string, gatewayId: string, token: string): string {
  return callbackUrl(base, gatewayId, token, 'inbound');
}
