import type { KannelConfig, KannelSecrets } from '@sms/contracts/gateway-kannel';
import type { ConnectionTest, GatewayEvents, GatewayLogger, SmsGateway } from '../gateway.ts';
import { createPerMessageGateway } from '../per-message-gateway.ts';
import { sendOutcome, sendsms, sendsmsQuery } from './kannel-send.ts';
import { kannelReceiptUrl } from './kannel-urls.ts';

export interface KannelGatewaySettings {
  config: KannelConfig;
  secrets: KannelSecrets;
  gatewayId: string;
  /** Where Kannel reaches this server (kannelCallbackBase); null: no dlr-url, so no receipts (messages stay "sent"). */
  callbackBase: string | null;
  /** Limit of one sendsms call, answer included (default 15 s). */
  requestTimeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * A Kannel gateway (decision 095): each message is one GET of smsbox's sendsms, up to
 * `config.concurrency` in flight for the whole gateway. Receipts and incoming messages do not come
 * through `events`: Kannel fetches the callback routes (kannel-callbacks.routes.ts), whose sink
 * feeds the engine, as Twilio's webhooks do. smsbox unreachable, overloaded or hanging stops the
 * batch (the rest come back as KANNEL_DEFERRED); credentials refused throw GatewayUnusable.
 */
export function createKannelGateway(settings: KannelGatewaySettings, _events: GatewayEvents, logger?: GatewayLogger): SmsGateway {
  const { config, secrets, gatewayId, callbackBase } = settings;
  const timeoutMs = settings.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const receiptUrl = (messageId: string) =>
    callbackBase && secrets.callbackToken ? kannelReceiptUrl(callbackBase, gatewayId, secrets.callbackToken, messageId) : null;
  return createPerMessageGateway({
    kind: 'kannel',
    label: 'Kannel',
    gatewayId,
    concurrency: config.concurrency,
    codePrefix: 'KANNEL',
    ...(logger ? { logger } : {}),
    send: async (message, signal) => {
      const query = sendsmsQuery(config, secrets.password, message, receiptUrl(message.messageId));
      return sendOutcome(message.messageId, await sendsms(config.sendsmsUrl, query, timeoutMs, signal));
    },
    testConnection: () => testKannelConnection(config, secrets.password, callbackBase, timeoutMs),
  });
}

/**
 * Checks the sendsms credentials without sending: a sendsms request without a recipient. smsbox
 * checks the user first (403 "Authorization failed"), then refuses the missing recipient (400).
 */
export async function testKannelConnection(
  config: KannelConfig,
  password: string,
  callbackBase: string | null,
  timeoutMs: number,
): Promise<ConnectionTest> {
  const answer = await sendsms(config.sendsmsUrl, new URLSearchParams({ username: config.username, password }), timeoutMs);
  if (answer.kind === 'down' || answer.kind === 'lost') return { ok: false, message: `Cannot reach Kannel's smsbox: ${answer.reason}` };
  if (answer.kind === 'aborted') return { ok: false, message: 'The test was stopped' };
  const text = answer.body.trim().slice(0, 200);
  if (answer.status === 401 || answer.status === 403) return { ok: false, message: `Kannel refused the credentials: ${text}` };
  if (answer.status === 404) return { ok: false, message: `Nothing answers sendsms at ${config.sendsmsUrl} (HTTP 404)` };
  if (answer.status >= 500) return { ok: false, message: `Kannel answered HTTP ${answer.status}: ${text}` };
  const receipts = callbackBase
    ? `Receipts and incoming messages come back through ${callbackBase}.`
    : 'No callbackBaseUrl or PUBLIC_URL: Kannel cannot send receipts or incoming messages back.';
  return { ok: true, details: `smsbox answered and accepted the credentials. ${receipts}` };
}
