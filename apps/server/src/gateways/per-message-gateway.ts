import {
  GatewayUnavailable,
  GatewayUnusable,
  silentLogger,
  type ConnectionTest,
  type GatewayEvents,
  type GatewayKind,
  type GatewayLinkStatus,
  type GatewayLogger,
  type OutboundSms,
  type SendResult,
  type SmsGateway,
} from './gateway.ts';
import { createRequestSlots } from './request-slots.ts';

/** Why the rest of a batch should not be sent now (the provider unreachable, overloaded or hanging). */
export interface Halt {
  errorCode: string;
  errorText: string;
  link?: 'down' | 'lost';
}

/** What one request's answer means: a result (which may stop the batch), or the gateway unusable as configured. */
export type SendOutcome = { kind: 'result'; result: SendResult; halt?: Halt } | { kind: 'unusable'; message: string };

export interface PerMessageGatewayOptions {
  kind: GatewayKind;
  /** The provider's name in logs and errors ("Kannel", "The HTTP provider"). */
  label: string;
  gatewayId: string;
  concurrency: number;
  /** Error codes of messages not tried: `<PREFIX>_DEFERRED` and `<PREFIX>_UNUSABLE`. */
  codePrefix: string;
  /** Sends one message and says what the answer means. */
  send(message: OutboundSms, signal: AbortSignal | undefined): Promise<SendOutcome>;
  testConnection(): Promise<ConnectionTest>;
  logger?: GatewayLogger;
  /**
   * When given, the link is reported as requests go (the gateways screen's connection column):
   * refused when the credentials are, retrying while the provider cannot be reached, connected
   * once it answers again. Without it (Kannel) no link is shown.
   */
  events?: Pick<GatewayEvents, 'link'>;
}

/**
 * A gateway whose provider takes one HTTP request per message (Kannel, http): up to `concurrency`
 * requests in flight for the whole gateway. The first answer that halts (unreachable, 5xx, 429,
 * no answer) stops the batch: the messages not tried yet come back `<PREFIX>_DEFERRED` (no attempt
 * counted). Credentials refused throw GatewayUnusable once the batch's requests in flight are done.
 */
export function createPerMessageGateway(options: PerMessageGatewayOptions): SmsGateway {
  const { kind, label, gatewayId, codePrefix } = options;
  const logger = options.logger ?? silentLogger;
  const slots = createRequestSlots(options.concurrency);
  const batches = new Set<Promise<unknown>>();
  let closed = false;
  let link: GatewayLinkStatus['state'] | undefined;
  const reportLink = (state: GatewayLinkStatus['state'], reason: string | null) => {
    if (!options.events?.link || link === state) return;
    link = state;
    options.events.link({ state, reason });
  };

  const deferred = (messageId: string, halt: Halt): SendResult => ({
    messageId,
    outcome: 'retry',
    errorCode: `${codePrefix}_DEFERRED`,
    errorText: `Not sent: ${halt.errorText}`,
    ...(halt.link ? { link: 'down' as const } : {}),
  });

  const runBatch = async (messages: OutboundSms[], signal: AbortSignal | undefined): Promise<SendResult[]> => {
    const results = new Array<SendResult>(messages.length);
    let halt: Halt | undefined;
    let unusable: string | undefined;
    const unusableCode = `${codePrefix}_UNUSABLE`;
    await Promise.all(
      messages.map(async (message, index) => {
        const release = await slots.acquire();
        try {
          const stop: Halt | undefined = unusable !== undefined ? { errorCode: unusableCode, errorText: unusable } : halt;
          if (stop) {
            results[index] = deferred(message.messageId, stop);
            return;
          }
          const outcome = await options.send(message, signal);
          if (outcome.kind === 'unusable') {
            reportLink('refused', outcome.message);
            unusable ??= outcome.message;
            results[index] = deferred(message.messageId, { errorCode: unusableCode, errorText: outcome.message });
            return;
          }
          const result = outcome.result;
          results[index] = result;
          // Any answer means the provider is there; no connection (or none kept) means it is not.
          if (result.outcome === 'retry' && result.link) reportLink('retrying', result.errorText);
          else if (!(result.outcome === 'retry' && result.errorCode.endsWith('_ABORTED'))) reportLink('connected', null);
          if (outcome.halt && !halt) {
            halt = outcome.halt;
            logger.warn(
              { gateway: kind, gatewayId, errorCode: halt.errorCode },
              `${label} sending paused for this batch: ${halt.errorText}`,
            );
          }
        } finally {
          release();
        }
      }),
    );
    if (unusable !== undefined) {
      logger.warn({ gateway: kind, gatewayId }, unusable);
      throw new GatewayUnusable(unusable);
    }
    return results;
  };

  return {
    kind,
    async sendBatch(messages, signal) {
      if (closed) throw new GatewayUnavailable(`The ${label} gateway is closed`);
      const batch = runBatch(messages, signal);
      batches.add(batch);
      try {
        return await batch;
      } finally {
        batches.delete(batch);
      }
    },
    testConnection: () => options.testConnection(),
    async close() {
      closed = true;
      await Promise.allSettled([...batches]);
    },
  };
}
