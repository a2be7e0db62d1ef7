import { compileTemplate, type RenderTemplate, type TemplateContact } from '@sms/contracts/message-template';
import { MESSAGE_ERROR_CODES } from '@sms/contracts/messages';
import { destinationCountry, destinationPrefixLength } from '@sms/contracts/phone-destination';
import { messagePriceMicros, type PriceTable } from '@sms/contracts/pricing';
import { splitSms } from '@sms/contracts/sms-encoding';
import type { OutboundSms, SendResult } from '../../gateways/gateway.ts';
import type { ClaimedMessage, MessageOutcome } from './dispatch.queries.ts';

/** Attempts before a message that keeps getting transient errors is marked failed. */
export const MAX_ATTEMPTS = 5;

/** Retry delay after `attempts` transient failures: 2 s, 4 s, 8 s... capped at 5 minutes. */
export function backoffMs(attempts: number, hintMs?: number): number {
  const exponential = Math.min(300_000, 1_000 * 2 ** Math.max(1, attempts));
  return Math.max(exponential, hintMs ?? 0);
}

/** Retry codes for messages the gateway did not even try (they end in _DEFERRED, see gateway.ts). */
const isDeferred = (code: string) => code.endsWith('_DEFERRED');

/** A contact as the dispatcher needs it to render and to re-check consent. */
export interface RecipientContact extends TemplateContact {
  id: string;
  status: 'active' | 'opted_out';
}

const outcomeBase = (message: ClaimedMessage) => ({
  id: message.id,
  attempts: message.attempts,
  gatewayMessageId: null,
  body: null,
  segments: null,
  encoding: null,
  errorCode: null,
  errorText: null,
  nextAttemptAt: null,
});

/**
 * Splits claimed messages into those to send (rendered, encoded, counted) and those settled
 * without the gateway: opted out since the launch, contact deleted, or empty text -> skipped.
 */
export function prepareBatch(
  claimed: ClaimedMessage[],
  contacts: Map<string, RecipientContact>,
  render: RenderTemplate | null,
): { send: Array<{ message: ClaimedMessage; sms: OutboundSms }>; settled: MessageOutcome[] } {
  const send: Array<{ message: ClaimedMessage; sms: OutboundSms }> = [];
  const settled: MessageOutcome[] = [];
  for (const message of claimed) {
    const contact = message.contactId ? contacts.get(message.contactId) : undefined;
    // Automatic keyword answers go out whatever the consent (the STOP confirmation must reach who just opted out).
    if (message.contactId && message.kind !== 'auto' && (!contact || contact.status !== 'active')) {
      const deleted = !contact;
      settled.push({
        ...outcomeBase(message),
        status: 'skipped',
        errorCode: deleted ? MESSAGE_ERROR_CODES.contactDeleted : MESSAGE_ERROR_CODES.optedOut,
        errorText: deleted ? 'The contact was deleted before sending' : 'The contact opted out before sending',
      });
      continue;
    }
    const text = message.body ?? (render && contact ? render(contact) : '');
    if (text.trim() === '') {
      settled.push({
        ...outcomeBase(message),
        status: 'skipped',
        errorCode: MESSAGE_ERROR_CODES.emptyBody,
        errorText: 'The message text is empty for this contact',
      });
      continue;
    }
    const split = splitSms(text);
    send.push({
      message,
      sms: {
        messageId: message.id,
        to: message.phone,
        from: message.senderId,
        body: text,
        encoding: split.encoding,
        segments: split.parts.length,
        // Someone waits for these; an API message only when its sender asked for priority.
        urgent: message.kind !== 'campaign' && (message.kind !== 'api' || message.priority > 0),
      },
    });
  }
  return { send, settled };
}

/** Turns the gateway's results into what is written back (retries become queued with a backoff). */
export function outcomesOf(
  sent: Array<{ message: ClaimedMessage; sms: OutboundSms }>,
  results: SendResult[],
  now = Date.now(),
  prices?: PriceTable,
): { outcomes: MessageOutcome[]; optOutContactIds: string[]; accepted: number; errorsSinceLastAccept: number } {
  const byId = new Map(results.map((result) => [result.messageId, result]));
  const outcomes: MessageOutcome[] = [];
  // A country per number prefix, as usage and the price backfill name them (decision 042): a
  // batch mostly goes to a few prefixes, so the number is parsed once per prefix, not per message.
  const countryByPrefix = new Map<string, string | null>();
  const countryOf = (phone: string): string | null => {
    const prefix = phone.slice(0, destinationPrefixLength(phone));
    let country = countryByPrefix.get(prefix);
    if (country === undefined) countryByPrefix.set(prefix, (country = destinationCountry(phone)));
    return country;
  };
  const optOutContactIds: string[] = [];
  let accepted = 0;
  let errorsSinceLastAccept = 0;
  for (const { message, sms } of sent) {
    const result = byId.get(message.id) ?? {
      messageId: message.id,
      outcome: 'retry' as const,
      errorCode: MESSAGE_ERROR_CODES.noResult,
      errorText: 'The gateway gave no result for this message',
    };
    const common = { ...outcomeBase(message), body: sms.body, segments: sms.segments, encoding: sms.encoding };
    if (result.outcome === 'accepted') {
      accepted += 1;
      errorsSinceLastAccept = 0;
      // Charged now (decision 118): its parts x the part price of its country and encoding, stored with sent_at.
      const priceMicros = prices ? messagePriceMicros(prices, countryOf(message.phone), sms.encoding, sms.segments) : null;
      outcomes.push({ ...common, status: 'sent', gatewayMessageId: result.gatewayMessageId, priceMicros });
      continue;
    }
    if (result.outcome === 'retry' && (isDeferred(result.errorCode) || result.link)) {
      // Not tried at all (the gateway stopped early, e.g. after a 429), or the link to the carrier
      // failed under it (an SMSC outage is waiting, not failing): no error, no attempt spent.
      outcomes.push({
        ...common,
        status: 'queued',
        errorCode: result.errorCode,
        errorText: result.errorText,
        nextAttemptAt: new Date(now + (result.retryAfterMs ?? 1_000)),
        uncountAttempt: true,
        ...(result.maybeAccepted ? { maybeHanded: true } : {}),
      });
      continue;
    }
    errorsSinceLastAccept += 1;
    if (result.outcome === 'failed') {
      if (result.optOut && message.contactId) optOutContactIds.push(message.contactId);
      outcomes.push({ ...common, status: 'failed', errorCode: result.errorCode, errorText: result.errorText });
    } else if (message.attempts >= MAX_ATTEMPTS) {
      outcomes.push({
        ...common,
        status: 'failed',
        errorCode: result.errorCode,
        errorText: `${result.errorText} (gave up after ${message.attempts} attempts)`,
      });
    } else {
      outcomes.push({
        ...common,
        status: 'queued',
        errorCode: result.errorCode,
        errorText: result.errorText,
        nextAttemptAt: new Date(now + backoffMs(message.attempts, result.retryAfterMs)),
        ...(result.maybeAccepted ? { maybeHanded: true } : {}),
      });
    }
  }
  return { outcomes, optOutContactIds, accepted, errorsSinceLastAccept };
}

const templates = new Map<string, RenderTemplate>();

/** The compiled template of a body (cached: every batch of a campaign renders the same body). */
export function compiledTemplate(body: string): RenderTemplate {
  let render = templates.get(body);
  if (!render) {
    if (templates.size > 200) templates.clear();
    render = compileTemplate(body);
    templates.set(body, render);
  }
  return render;
}
