import type { HttpConfig, HttpSecrets } from '@sms/contracts/gateway-http';
import type { ConnectionTest, GatewayEvents, GatewayLogger, SmsGateway } from '../gateway.ts';
import { httpRequest } from '../http-request.ts';
import { createPerMessageGateway } from '../per-message-gateway.ts';
import { buildHttpRequest, httpSendOutcome, templateValues } from './http-send.ts';
import { httpReceiptUrl } from './http-urls.ts';

export interface HttpGatewaySettings {
  config: HttpConfig;
  secrets: HttpSecrets;
  gatewayId: string;
  /** Where the provider reaches this server (callbackBase); null: `{{receiptUrl}}` is empty. */
  callbackBase: string | null;
  /** Limit of one request, answer included (default 15 s). */
  requestTimeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * A generic HTTP provider (decision 096): each message is one request built from the gateway's
 * template, up to `config.concurrency` in flight. Receipts and incoming messages come through the
 * callback routes (http-callbacks.routes.ts), as for Kannel. Unreachable, 429, 5xx or no answer
 * stops the batch (the rest come back HTTP_DEFERRED); 401 or 403 throws GatewayUnusable. The link
 * state (connected, retrying, refused) is reported through `events.link` as answers come.
 */
export function createHttpGateway(settings: HttpGatewaySettings, events: GatewayEvents, logger?: GatewayLogger): SmsGateway {
  const { config, secrets, gatewayId, callbackBase } = settings;
  const timeoutMs = settings.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const receiptUrl = (messageId: string) =>
    callbackBase && secrets.callbackToken ? httpReceiptUrl(callbackBase, gatewayId, secrets.callbackToken, messageId) : null;
  return createPerMessageGateway({
    kind: 'http',
    label: 'HTTP provider',
    gatewayId,
    concurrency: config.concurrency,
    codePrefix: 'HTTP',
    ...(logger ? { logger } : {}),
    events,
    send: async (message, signal) => {
      const request = buildHttpRequest(config, secrets, templateValues(message, config, secrets, receiptUrl(message.messageId)));
      return httpSendOutcome(config, message.messageId, await httpRequest(request.url, request, timeoutMs, signal));
    },
    testConnection: () => testHttpConnection(config, secrets, callbackBase, timeoutMs),
  });
}

/**
 * Checks the address and the credentials without sending: the request with its auth but no
 * parameters, which a provider refuses for what is missing (after the credentials) or for them.
 */
export async function testHttpConnection(
  config: HttpConfig,
  secrets: HttpSecrets,
  callbackBase: string | null,
  timeoutMs: number,
): Promise<ConnectionTest> {
  if (config.authType !== 'none' && !secrets.authSecret)
    return { ok: false, message: `authSecret is not set (authType ${config.authType})` };
  const request = buildHttpRequest({ ...config, template: {} }, secrets, {
    to: '',
    toDigits: '',
    from: '',
    text: '',
    messageId: '',
    receiptUrl: '',
    encoding: 'GSM-7',
    unicode: 'false',
    secret: secrets.authSecret ?? '',
  });
  const answer = await httpRequest(request.url, request, timeoutMs);
  if (answer.kind === 'down' || answer.kind === 'lost') return { ok: false, message: `Cannot reach ${config.sendUrl}: ${answer.reason}` };
  if (answer.kind === 'aborted') return { ok: false, message: 'The test was stopped' };
  const text = answer.body.trim().slice(0, 200);
  if (answer.status === 401 || answer.status === 403)
    return { ok: false, message: `The provider refused the credentials (HTTP ${answer.status}): ${text}` };
  if (answer.status === 404 || answer.status === 405)
    return { ok: false, message: `Nothing takes ${config.method} at ${config.sendUrl} (HTTP ${answer.status})` };
  if (answer.status >= 500) return { ok: false, message: `The provider answered HTTP ${answer.status}: ${text}` };
  const callbacks = callbackBase
    ? `Receipts and incoming messages come back through ${callbackBase}.`
    : 'No callbackBaseUrl or PUBLIC_URL: the provider cannot send receipts or incoming messages back.';
  return { ok: true, details: `The provider answered HTTP ${answer.status} without refusing the credentials. ${callbacks}` };
}
