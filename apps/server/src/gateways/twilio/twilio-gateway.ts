import type { TwilioConfig, TwilioSecrets } from '@sms/contracts/gateway-twilio';
import { GatewayUnavailable, GatewayUnusable, type GatewayEvents, type OutboundSms, type SendResult, type SmsGateway } from '../gateway.ts';
import { createRequestSlots } from '../request-slots.ts';
import { testTwilioConnection } from './twilio-connection-test.ts';
import { createTwilioRequest } from './twilio-rest.ts';
import { sendMessage, type Halt } from './twilio-send.ts';

export interface TwilioGatewaySettings {
  config: TwilioConfig;
  secrets: TwilioSecrets;
  /**
   * Sent as StatusCallback with every message (see twilioStatusCallbackUrl). null when the server
   * has no PUBLIC_URL: Twilio is then not asked for status callbacks, so no delivery receipts
   * arrive and messages stay "sent".
   */
  statusCallbackUrl: string | null;
  /** Twilio's REST address (fixed in production; a fake server's in tests). */
  apiBaseUrl: string;
  /** Limit of one REST call, answer included (default 15 s). */
  requestTimeoutMs?: number;
}

/** Where the gateway reports trouble (pino's signature; nothing secret is ever passed). */
export interface TwilioGatewayLogger {
  warn(details: object, message: string): void;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** A message of a batch that was not sent because an earlier answer stopped the batch. */
function deferred(messageId: string, halt: Halt): SendResult {
  return {
    messageId,
    outcome: 'retry',
    errorCode: 'TWILIO_DEFERRED',
    errorText: `Not sent: ${halt.errorText}`,
    ...(halt.retryAfterMs === undefined ? {} : { retryAfterMs: halt.retryAfterMs }),
  };
}

/**
 * The Twilio gateway: REST sends, up to `config.concurrency` calls in flight for the whole
 * gateway (all batches together). Receipts and inbound messages do not come through `events`:
 * Twilio posts them to the webhook routes (twilio-webhooks.routes.ts), whose sink feeds the engine.
 *
 * Within a batch, throttling (429, rate or queue limits) and an unreachable or hanging Twilio stop
 * the sending: the messages not yet started come back as `retry` with code TWILIO_DEFERRED (never
 * sent), and after a Retry-After the whole gateway waits (sendBatch throws GatewayUnavailable
 * with the time left). Credentials refused (401, error 20003) throw GatewayUnusable.
 */
export function createTwilioGateway(settings: TwilioGatewaySettings, _events: GatewayEvents, logger?: TwilioGatewayLogger): SmsGateway {
  const { config, secrets, statusCallbackUrl } = settings;
  const request = createTwilioRequest({
    apiBaseUrl: settings.apiBaseUrl,
    accountSid: config.accountSid,
    authToken: secrets.authToken,
    timeoutMs: settings.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const slots = createRequestSlots(config.concurrency);
  const batches = new Set<Promise<unknown>>();
  let cooldownUntil = 0;
  let closed = false;

  const runBatch = async (messages: OutboundSms[], signal: AbortSignal | undefined): Promise<SendResult[]> => {
    const results: SendResult[] = new Array<SendResult>(messages.length);
    let halt: Halt | undefined;
    let unusable: string | undefined;
    await Promise.all(
      messages.map(async (message, index) => {
        const release = await slots.acquire();
        try {
          const waitMs = cooldownUntil - Date.now();
          const stop: Halt | undefined =
            unusable !== undefined
              ? { errorCode: 'TWILIO_UNUSABLE', errorText: unusable }
              : (halt ??
                (waitMs > 0 ? { errorCode: 'TWILIO_20429', errorText: 'Twilio asked us to wait', retryAfterMs: waitMs } : undefined));
          if (stop) {
            results[index] = deferred(message.messageId, stop);
            return;
          }
          if (signal?.aborted) {
            results[index] = {
              messageId: message.messageId,
              outcome: 'retry',
              errorCode: 'TWILIO_ABORTED',
              errorText: 'Sending was stopped (shutting down)',
            };
            return;
          }
          const outcome = await sendMessage(request, config, statusCallbackUrl, message, signal);
          if (outcome.kind === 'unusable') {
            unusable ??= outcome.message;
            results[index] = deferred(message.messageId, { errorCode: 'TWILIO_UNUSABLE', errorText: outcome.message });
            return;
          }
          results[index] = outcome.result;
          if (outcome.halt && !halt) {
            halt = outcome.halt;
            if (halt.retryAfterMs) cooldownUntil = Math.max(cooldownUntil, Date.now() + halt.retryAfterMs);
            logger?.warn(
              { gateway: 'twilio', accountSid: config.accountSid, errorCode: halt.errorCode, retryAfterMs: halt.retryAfterMs },
              `Twilio sending paused for this batch: ${halt.errorText}`,
            );
          }
        } finally {
          release();
        }
      }),
    );
    if (unusable !== undefined) {
      logger?.warn({ gateway: 'twilio', accountSid: config.accountSid }, unusable);
      throw new GatewayUnusable(unusable);
    }
    return results;
  };

  return {
    kind: 'twilio',
    async sendBatch(messages, signal) {
      if (closed) throw new GatewayUnavailable('The Twilio gateway is closed');
      const waitMs = cooldownUntil - Date.now();
      if (waitMs > 0)
        throw new GatewayUnavailable(`Twilio asked us to wait ${Math.ceil(waitMs / 1000)} s before sending again`, {
          retryAfterMs: waitMs,
        });
      const batch = runBatch(messages, signal);
      batches.add(batch);
      try {
        return await batch;
      } finally {
        batches.delete(batch);
      }
    },
    testConnection: () => testTwilioConnection(request, config.accountSid, settings.apiBaseUrl),
    async close() {
      // No new batches; the ones under way finish (each call is bounded by the request timeout).
      closed = true;
      await Promise.allSettled([...batches]);
    },
  };
}
