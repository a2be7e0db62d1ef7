import { KANNEL_DLR_MASK, type KannelConfig } from '@sms/contracts/gateway-kannel';
import type { OutboundSms } from '../gateway.ts';
import { httpRequest, type HttpAnswer } from '../http-request.ts';
import type { SendOutcome } from '../per-message-gateway.ts';

/** Kannel's `coding`: 0 = GSM 7-bit, 2 = UCS-2 (the text always travels as UTF-8, `charset` says so). */
const CODING = { 'GSM-7': '0', 'UCS-2': '2' } as const;
/** Kannel's `priority` goes from 0 to 3: urgent messages pass a campaign's backlog in bearerbox's queue. */
const URGENT_PRIORITY = '3';

/** The query of one sendsms request. */
export function sendsmsQuery(config: KannelConfig, password: string, message: OutboundSms, receiptUrl: string | null): URLSearchParams {
  const query = new URLSearchParams({ username: config.username, password, to: message.to });
  const from = message.from ?? config.defaultSender;
  if (from) query.set('from', from);
  query.set('text', message.body);
  query.set('charset', 'UTF-8');
  query.set('coding', CODING[message.encoding]);
  if (config.smsc) query.set('smsc', config.smsc);
  if (message.urgent) query.set('priority', URGENT_PRIORITY);
  if (receiptUrl) {
    query.set('dlr-mask', String(KANNEL_DLR_MASK));
    query.set('dlr-url', receiptUrl);
  }
  return query;
}

/** What smsbox answered to one sendsms request, or how the request failed. */
export type SendsmsAnswer = HttpAnswer;

/**
 * What one answer means. smsbox answers 202 "0: Accepted for delivery" or "3: Queued for later
 * delivery" (both accepted: bearerbox keeps it), 403 "Authorization failed for sendsms" (the
 * gateway is unusable), other 4xx for a message it refuses (bad number, sender or text: failed),
 * 5xx when it cannot pass the message to bearerbox (retried later).
 */
export function sendOutcome(messageId: string, answer: SendsmsAnswer): SendOutcome {
  switch (answer.kind) {
    case 'answer': {
      const text = answer.body.trim().slice(0, 300) || `HTTP ${answer.status}`;
      if (answer.status >= 200 && answer.status < 300) {
        // Kannel gives no id of its own: the receipts name our message id (in the dlr-url).
        return { kind: 'result', result: { messageId, outcome: 'accepted', gatewayMessageId: messageId } };
      }
      if (answer.status === 401 || (answer.status === 403 && /authori[sz]ation failed/i.test(text))) {
        return { kind: 'unusable', message: `Kannel refused the sendsms credentials (HTTP ${answer.status}): ${text}` };
      }
      if (answer.status >= 500) {
        const errorText = `Kannel could not take the message (HTTP ${answer.status}): ${text}`;
        return {
          kind: 'result',
          result: { messageId, outcome: 'retry', errorCode: `KANNEL_HTTP_${answer.status}`, errorText },
          halt: { errorCode: `KANNEL_HTTP_${answer.status}`, errorText },
        };
      }
      return { kind: 'result', result: { messageId, outcome: 'failed', errorCode: `KANNEL_HTTP_${answer.status}`, errorText: text } };
    }
    case 'down': {
      const errorText = `Cannot reach Kannel's smsbox: ${answer.reason}`;
      return {
        kind: 'result',
        result: { messageId, outcome: 'retry', errorCode: 'KANNEL_DOWN', errorText, link: 'down' },
        halt: { errorCode: 'KANNEL_DOWN', errorText, link: 'down' },
      };
    }
    case 'lost': {
      const errorText = `Kannel's smsbox did not answer: ${answer.reason} (the message may have been accepted)`;
      return {
        kind: 'result',
        result: { messageId, outcome: 'retry', errorCode: 'KANNEL_NO_ANSWER', errorText, link: 'lost', maybeAccepted: true },
        halt: { errorCode: 'KANNEL_NO_ANSWER', errorText, link: 'lost' },
      };
    }
    case 'aborted':
      return {
        kind: 'result',
        result: { messageId, outcome: 'retry', errorCode: 'KANNEL_ABORTED', errorText: 'Sending was stopped (shutting down)' },
      };
  }
}

/** One GET of sendsms, bounded by `timeoutMs` (answer included). */
export function sendsms(url: string, query: URLSearchParams, timeoutMs: number, signal?: AbortSignal): Promise<SendsmsAnswer> {
  return httpRequest(`${url}?${query.toString()}`, { method: 'GET' }, timeoutMs, signal);
}
