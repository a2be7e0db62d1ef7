import type { SmppConfig } from '@sms/contracts/gateway-smpp';
import type { OutboundSms, SendResult } from '../gateway.ts';
import { destinationAddress, sourceAddress } from './addresses.ts';
import { encodeMessage, type EncodedPart } from './encode.ts';
import type { createPartIds } from './part-ids.ts';
import type { SmsCodec } from './sms-codec.ts';
import type { PartJob, PartOutcome } from './submit-window.ts';

interface BatchContext {
  config: SmppConfig;
  codec: SmsCodec;
  partIds: ReturnType<typeof createPartIds>;
  /** The next 8-bit concatenation reference. */
  nextReference(): number;
}

const failed = (messageId: string, errorCode: string, errorText: string): SendResult => ({
  messageId,
  outcome: 'failed',
  errorCode,
  errorText,
});

function toResult(messageId: string, outcome: Exclude<PartOutcome, { kind: 'accepted' }>): SendResult {
  if (outcome.kind === 'failed') return failed(messageId, outcome.code, outcome.text);
  return {
    messageId,
    outcome: 'retry',
    errorCode: outcome.code,
    errorText: outcome.text,
    ...(outcome.retryAfterMs === undefined ? {} : { retryAfterMs: outcome.retryAfterMs }),
    ...(outcome.link ? { link: outcome.link } : {}),
    ...(outcome.maybeAccepted ? { maybeAccepted: true } : {}),
  };
}

/**
 * Turns a batch into submit_sm jobs and a promise of one result per message, in order. A
 * message is accepted when all its parts are (gatewayMessageId = the first part's id); the first
 * part that fails or must be retried decides the message and its remaining parts are skipped.
 * Messages that cannot be sent as they are (bad sender or number, too long) fail at once. An
 * abort hands `retry` to every message not decided yet.
 */
export function prepareBatch(
  messages: OutboundSms[],
  context: BatchContext,
  signal?: AbortSignal,
): { jobs: PartJob[]; results: Promise<SendResult[]> } {
  const { config, partIds } = context;
  const results = new Array<SendResult | undefined>(messages.length);
  let pending = messages.length;
  let resolve!: (results: SendResult[]) => void;
  const promise = new Promise<SendResult[]>((done) => (resolve = done));
  const onAbort = () =>
    messages.forEach((message, index) =>
      finish(index, { messageId: message.messageId, outcome: 'retry', errorCode: 'ABORTED', errorText: 'Sending was stopped' }),
    );

  function finish(index: number, result: SendResult): void {
    if (results[index]) return;
    results[index] = result;
    if (--pending > 0) return;
    signal?.removeEventListener('abort', onAbort);
    resolve(results as SendResult[]);
  }

  const jobs: PartJob[] = [];
  messages.forEach((message, index) => {
    const source = sourceAddress(message.from, config);
    const destination = destinationAddress(message.to, config);
    if (!source) return finish(index, failed(message.messageId, 'INVALID_SENDER', `Sender ID "${message.from}" cannot be sent over SMPP`));
    if (!destination)
      return finish(index, failed(message.messageId, 'INVALID_DESTINATION', 'The destination is not an international number'));
    let parts: EncodedPart[] | null;
    try {
      parts = encodeMessage(message.body, context.nextReference(), context.codec);
    } catch (error) {
      return finish(index, failed(message.messageId, 'ENCODING_ERROR', error instanceof Error ? error.message : String(error)));
    }
    if (!parts) return finish(index, failed(message.messageId, 'MESSAGE_TOO_LONG', 'The text needs more than 255 SMS parts'));
    const ids: string[] = [];
    let unanswered = parts.length;
    parts.forEach((part, partIndex) => {
      jobs.push({
        fields: {
          source_addr_ton: source.ton,
          source_addr_npi: source.npi,
          source_addr: source.addr,
          dest_addr_ton: destination.ton,
          dest_addr_npi: destination.npi,
          destination_addr: destination.addr,
          esm_class: part.esmClass,
          registered_delivery: config.registeredDelivery ? 1 : 0,
          data_coding: part.dataCoding,
          short_message: part.shortMessage,
        },
        throttled: 0,
        urgent: message.urgent === true,
        live: () => results[index] === undefined,
        settle: (outcome) => {
          if (outcome.kind !== 'accepted') return finish(index, toResult(message.messageId, outcome));
          if (partIndex > 0) partIds.add(outcome.id);
          ids[partIndex] = outcome.id;
          if (--unanswered === 0) finish(index, { messageId: message.messageId, outcome: 'accepted', gatewayMessageId: ids[0] as string });
        },
      });
    });
  });
  if (signal?.aborted) onAbort();
  else if (pending > 0) signal?.addEventListener('abort', onAbort, { once: true });
  return { jobs, results: pending === 0 ? Promise.resolve(results as SendResult[]) : promise };
}
