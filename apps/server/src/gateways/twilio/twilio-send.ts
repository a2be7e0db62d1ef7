import type { TwilioConfig } from '@sms/contracts/gateway-twilio';
import type { OutboundSms, SendResult } from '../gateway.ts';
import { refusalHandling, twilioErrorCode, twilioErrorInfo } from './twilio-errors.ts';
import { twilioErrorBody, type RestAnswer, type TwilioRequest } from './twilio-rest.ts';

/**
 * One message through POST /2010-04-01/Accounts/{sid}/Messages.json, and what its answer means.
 */

/** Why the rest of a batch should not be sent now (throttled, Twilio unreachable or hanging). */
export interface Halt {
  errorCode: string;
  errorText: string;
  retryAfterMs?: number;
}

export type SendOutcome =
  | { kind: 'result'; result: SendResult; halt?: Halt }
  /** The account cannot send at all (credentials refused, account gone): GatewayUnusable. */
  | { kind: 'unusable'; message: string };

/** The Messages.json path of an account. */
export const messagesPath = (accountSid: string) => `/2010-04-01/Accounts/${accountSid}/Messages.json`;

/** The form Twilio expects for one message: To, From and/or MessagingServiceSid, Body, StatusCallback. */
export function messageForm(config: TwilioConfig, statusCallbackUrl: string | null, message: OutboundSms): URLSearchParams {
  const form = new URLSearchParams({ To: message.to });
  const from = message.from ?? config.from;
  if (from) form.set('From', from);
  if (config.messagingServiceSid) form.set('MessagingServiceSid', config.messagingServiceSid);
  form.set('Body', message.body);
  if (statusCallbackUrl) form.set('StatusCallback', statusCallbackUrl);
  return form;
}

/** Maps a non-2xx answer with Twilio's error body to a result (or to "the gateway is unusable"). */
function refusal(messageId: string, answer: Extract<RestAnswer, { kind: 'answer' }>): SendOutcome {
  const { code, message } = twilioErrorBody(answer.body);
  const info = twilioErrorInfo(code);
  const handling = refusalHandling(answer.status, code);
  const errorCode = code === undefined ? `TWILIO_HTTP_${answer.status}` : twilioErrorCode(code);
  const errorText = message ?? info?.text ?? `Twilio answered HTTP ${answer.status}`;
  switch (handling) {
    case 'unusable':
      return {
        kind: 'unusable',
        message: `Twilio refused to send (HTTP ${answer.status}${code === undefined ? '' : `, error ${code}`}): ${info?.text ?? errorText}`,
      };
    case 'optOut':
      return { kind: 'result', result: { messageId, outcome: 'failed', errorCode, errorText, optOut: true } };
    case 'failed':
      return { kind: 'result', result: { messageId, outcome: 'failed', errorCode, errorText } };
    case 'retry': {
      const retryAfterMs = answer.retryAfterMs ?? info?.retryAfterMs;
      const result: SendResult = {
        messageId,
        outcome: 'retry',
        errorCode,
        errorText,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      };
      // Throttling (429, rate and queue limits) concerns every message: stop the batch. A lone 5xx does not.
      const throttled = answer.status === 429 || info?.retryAfterMs !== undefined;
      return {
        kind: 'result',
        result,
        ...(throttled ? { halt: { errorCode, errorText, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) } } : {}),
      };
    }
  }
}

/** What one REST answer means for one message. */
export function sendOutcome(messageId: string, answer: RestAnswer): SendOutcome {
  switch (answer.kind) {
    case 'answer': {
      if (answer.status < 200 || answer.status >= 300) return refusal(messageId, answer);
      const sid = (answer.body as { sid?: unknown } | null)?.sid;
      if (typeof sid === 'string' && sid) return { kind: 'result', result: { messageId, outcome: 'accepted', gatewayMessageId: sid } };
      // Accepted but unidentifiable: sending again could duplicate it, so it is not retried.
      return {
        kind: 'result',
        result: {
          messageId,
          outcome: 'failed',
          errorCode: 'TWILIO_BAD_ANSWER',
          errorText: `Twilio answered HTTP ${answer.status} without a message SID`,
        },
      };
    }
    case 'timeout': {
      const errorText = `Twilio did not answer within ${answer.timeoutMs / 1000} s (the message may have been accepted)`;
      return {
        kind: 'result',
        result: { messageId, outcome: 'retry', errorCode: 'TWILIO_TIMEOUT', errorText },
        halt: { errorCode: 'TWILIO_TIMEOUT', errorText },
      };
    }
    case 'network': {
      const errorText = `Cannot reach Twilio: ${answer.reason}`;
      return {
        kind: 'result',
        result: { messageId, outcome: 'retry', errorCode: 'TWILIO_NETWORK', errorText },
        halt: { errorCode: 'TWILIO_NETWORK', errorText },
      };
    }
    case 'aborted':
      return {
        kind: 'result',
        result: { messageId, outcome: 'retry', errorCode: 'TWILIO_ABORTED', errorText: 'Sending was stopped (shutting down)' },
      };
  }
}

/** Sends one message and interprets the answer. */
export async function sendMessage(
  request: TwilioRequest,
  config: TwilioConfig,
  statusCallbackUrl: string | null,
  message: OutboundSms,
  signal?: AbortSignal,
): Promise<SendOutcome> {
  const answer = await request('POST', messagesPath(config.accountSid), messageForm(config, statusCallbackUrl, message), signal);
  return sendOutcome(message.messageId, answer);
}
