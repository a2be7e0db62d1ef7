import { formBody, jsonBody, readPath, renderTemplate, type HttpTemplateValues } from '@sms/contracts/gateway-http-template';
import type { HttpConfig, HttpSecrets } from '@sms/contracts/gateway-http';
import type { OutboundSms } from '../gateway.ts';
import type { HttpAnswer } from '../http-request.ts';
import type { SendOutcome } from '../per-message-gateway.ts';

/** One request, ready for httpRequest. */
export interface HttpSendRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** What a message gives the template's placeholders. */
export function templateValues(
  message: OutboundSms,
  config: HttpConfig,
  secrets: HttpSecrets,
  receiptUrl: string | null,
): HttpTemplateValues {
  return {
    to: message.to,
    toDigits: message.to.replace(/^\+/, ''),
    from: message.from ?? config.defaultSender ?? '',
    text: message.body,
    messageId: message.messageId,
    receiptUrl: receiptUrl ?? '',
    encoding: message.encoding,
    unicode: message.encoding === 'UCS-2' ? 'true' : 'false',
    secret: secrets.authSecret ?? '',
  };
}

/**
 * The request of one message: the template rendered, in the query (GET) or a JSON or form body
 * (POST), with the extra headers and the auth. Parameters rendered empty are left out, so a
 * message without a sender sends no `from`.
 */
export function buildHttpRequest(config: HttpConfig, secrets: HttpSecrets, values: HttpTemplateValues): HttpSendRequest {
  const parameters: Array<[string, string]> = [];
  for (const [name, template] of Object.entries(config.template)) {
    const value = renderTemplate(template, values);
    if (value !== '') parameters.push([name, value]);
  }
  const url = new URL(config.sendUrl);
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.5', ...config.headers };
  const secret = secrets.authSecret ?? '';
  switch (config.authType) {
    case 'basic':
      headers.authorization = `Basic ${Buffer.from(`${config.authName ?? ''}:${secret}`).toString('base64')}`;
      break;
    case 'bearer':
      headers.authorization = `Bearer ${secret}`;
      break;
    case 'header':
      headers[config.authName ?? 'x-api-key'] = secret;
      break;
    case 'query':
      url.searchParams.set(config.authName ?? 'key', secret);
      break;
    case 'none':
      break;
  }
  if (config.method === 'GET') {
    for (const [name, value] of parameters) url.searchParams.append(name, value);
    return { url: url.toString(), method: 'GET', headers };
  }
  if (config.bodyFormat === 'json') {
    return {
      url: url.toString(),
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
      body: jsonBody(parameters),
    };
  }
  return {
    url: url.toString(),
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: formBody(parameters),
  };
}

/** The answer as JSON, or undefined when it is not JSON. */
function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** An answer's text for a reason: the provider's error field when it has one, else the body, trimmed. */
function reason(config: HttpConfig, json: unknown, body: string, status: number): string {
  const named = config.responseErrorPath ? readPath(json, config.responseErrorPath) : undefined;
  return (named ?? body).trim().replace(/\s+/g, ' ').slice(0, 300) || `HTTP ${status}`;
}

/** Retry-After in seconds (capped at 10 minutes), or undefined. */
function retryAfterMs(header: string | null | undefined): number | undefined {
  if (!header || !/^\d{1,6}$/.test(header.trim())) return undefined;
  return Math.min(Number(header.trim()), 600) * 1000;
}

/**
 * What one answer means. 2xx is accepted (the id at responseIdPath, else our message id) unless
 * the status path says otherwise; 401 and 403 make the gateway unusable; other 4xx fail the
 * message with the provider's answer as reason; 429 and 5xx stop the batch (retried later).
 */
export function httpSendOutcome(config: HttpConfig, messageId: string, answer: HttpAnswer): SendOutcome {
  switch (answer.kind) {
    case 'answer': {
      const { status, body } = answer;
      const json = parseJson(body);
      if (status >= 200 && status < 300) {
        if (config.responseStatusPath) {
          const value = readPath(json, config.responseStatusPath);
          const refused = config.responseOkValues.length > 0 ? !config.responseOkValues.includes(value ?? '') : value !== undefined;
          if (refused) {
            const code = value && /^[A-Za-z0-9_-]{1,20}$/.test(value) ? `HTTP_REFUSED_${value.toUpperCase()}` : 'HTTP_REFUSED';
            return {
              kind: 'result',
              result: { messageId, outcome: 'failed', errorCode: code, errorText: reason(config, json, body, status) },
            };
          }
        }
        // No id where the answer should have one: our id stands in (receipts naming the provider's id will not match).
        const id = config.responseIdPath ? readPath(json, config.responseIdPath) : undefined;
        return { kind: 'result', result: { messageId, outcome: 'accepted', gatewayMessageId: id?.trim().slice(0, 128) || messageId } };
      }
      const text = reason(config, json, body, status);
      if (status === 401 || status === 403) {
        return { kind: 'unusable', message: `The provider refused the credentials (HTTP ${status}): ${text}` };
      }
      if (status === 429 || status >= 500) {
        const errorText = `The provider could not take the message (HTTP ${status}): ${text}`;
        const wait = retryAfterMs(answer.retryAfter);
        return {
          kind: 'result',
          result: { messageId, outcome: 'retry', errorCode: `HTTP_${status}`, errorText, ...(wait ? { retryAfterMs: wait } : {}) },
          halt: { errorCode: `HTTP_${status}`, errorText },
        };
      }
      return { kind: 'result', result: { messageId, outcome: 'failed', errorCode: `HTTP_${status}`, errorText: text } };
    }
    case 'down': {
      const errorText = `Cannot reach the provider: ${answer.reason}`;
      return {
        kind: 'result',
        result: { messageId, outcome: 'retry', errorCode: 'HTTP_DOWN', errorText, link: 'down' },
        halt: { errorCode: 'HTTP_DOWN', errorText, link: 'down' },
      };
    }
    case 'lost': {
      const errorText = `The provider did not answer: ${answer.reason} (the message may have been accepted)`;
      return {
        kind: 'result',
        result: { messageId, outcome: 'retry', errorCode: 'HTTP_NO_ANSWER', errorText, link: 'lost', maybeAccepted: true },
        halt: { errorCode: 'HTTP_NO_ANSWER', errorText, link: 'lost' },
      };
    }
    case 'aborted':
      return {
        kind: 'result',
        result: { messageId, outcome: 'retry', errorCode: 'HTTP_ABORTED', errorText: 'Sending was stopped (shutting down)' },
      };
  }
}
