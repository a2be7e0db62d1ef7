import type { KannelConfig, KannelSecrets } from '@sms/contracts/gateway-kannel';
import {
  GatewayUnavailable,
  GatewayUnusable,
  silentLogger,
  type ConnectionTest,
  type GatewayEvents,
  type GatewayLogger,
  type OutboundSms,
  type SendResult,
  type SmsGateway,
} from '../gateway.ts';
import { createRequestSlots } from '../request-slots.ts';
import { sendOutcome, sendsms, sendsmsQuery, type Halt } from './kannel-send.ts';
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

/** A message of a batch not sent because an earlier answer stopped the batch (costs no attempt). */
function deferred(messageId: string, halt: Halt): SendResult {
  return {
    messageId,
    outcome: 'retry',
    errorCode: 'KANNEL_DEFERRED',
    errorText: `Not sent: ${halt.errorText}`,
    ...(halt.link ? { link: 'down' as const } : {}),
  };
}

/**
 * A Kannel gateway (decision 095): each message is one GET of smsbox's sendsms, up to
 * `config.concurrency` in flight for the whole gateway. Receipts and incoming messages do not come
 * through `events`: Kannel fetches the callback routes (kannel-callbacks.routes.ts), whose sink
 * feeds the engine, as Twilio's webhooks do. smsbox unreachable, overloaded or hanging stops the
 * batch (the rest come back as KANNEL_DEFERRED); credentials refused throw GatewayUnusable.
 */
export function createKannelGateway(
  settings: KannelGatewaySettings,
  _events: GatewayEvents,
  logger: GatewayLogger = silentLogger,
): SmsGateway {
  const { config, secrets, gatewayId, callbackBase } = settings;
  const timeoutMs = settings.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const slots = createRequestSlots(config.concurrency);
  const batches = new Set<Promise<unknown>>();
  let closed = false;

  const receiptUrl = (messageId: string) =>
    callbackBase && secrets.callbackToken ? kannelReceiptUrl(callbackBase, gatewayId, secrets.callbackToken, messageId) : null;

  const runBatch = async (messages: OutboundSms[], signal: AbortSignal | undefined): Promise<SendResult[]> => {
    const results = new Array<SendResult>(messages.length);
    let halt: Halt | undefined;
    let unusable: string | undefined;
    await Promise.all(
      messages.map(async (message, index) => {
        const release = await slots.acquire();
        try {
          const stop: Halt | undefined = unusable !== undefined ? { errorCode: 'KANNEL_UNUSABLE', errorText: unusable } : halt;
          if (stop) {
            results[index] = deferred(message.messageId, stop);
            return;
          }
          const query = sendsmsQuery(config, secrets.password, message, receiptUrl(message.messageId));
          const outcome = sendOutcome(message.messageId, await sendsms(config.sendsmsUrl, query, timeoutMs, signal));
          if (outcome.kind === 'unusable') {
            unusable ??= outcome.message;
            results[index] = deferred(message.messageId, { errorCode: 'KANNEL_UNUSABLE', errorText: outcome.message });
            return;
          }
          results[index] = outcome.result;
          if (outcome.halt && !halt) {
            halt = outcome.halt;
            logger.warn(
              { gateway: 'kannel', gatewayId, errorCode: halt.errorCode },
              `Kannel sending paused for this batch: ${halt.errorText}`,
            );
          }
        } finally {
          release();
        }
      }),
    );
    if (unusable !== undefined) {
      logger.warn({ gateway: 'kannel', gatewayId }, unusable);
      throw new GatewayUnusable(unusable);
    }
    return results;
  };

  return {
    kind: 'kannel',
    async sendBatch(messages, signal) {
      if (closed) throw new GatewayUnavailable('The Kannel gateway is closed');
      const batch = runBatch(messages, signal);
      batches.add(batch);
      try {
        return await batch;
      } finally {
        batches.delete(batch);
      }
    },
    testConnection: () => testKannelConnection(config, secrets.password, callbackBase, timeoutMs),
    async close() {
      closed = true;
      await Promise.allSettled([...batches]);
    },
  };
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
