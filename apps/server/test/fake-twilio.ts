import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeNumbers, type FakeNumbers } from './fake-twilio-numbers.ts';

/**
 * A fake Twilio REST API on loopback (the real one is unreachable from tests): checks Basic auth,
 * records Messages.json posts and answers like Twilio (201 with an 'SM' SID, or Twilio's error
 * JSON), with per-number behaviours (errors, 429 with Retry-After, 5xx, hang, delay). It can also
 * play Twilio's side of the webhooks: signed status callbacks and incoming messages. Numbers: it
 * offers an inventory (AvailablePhoneNumbers), prices it (the Pricing API's PhoneNumbers/Countries)
 * and sells it (IncomingPhoneNumbers), with Twilio's answer shapes (fake-twilio-numbers.ts).
 */

/** What the fake does when a message is posted to a given number. */
export type FakeBehaviour =
  | { kind: 'error'; status: number; code: number; message: string }
  | { kind: 'throttle'; retryAfter?: string }
  /** 5xx; `html` answers a proxy-style HTML page instead of Twilio's JSON. */
  | { kind: 'server-error'; status?: number; html?: boolean }
  /** Never answers (until the fake closes). */
  | { kind: 'hang' }
  /** Accepts after a delay. */
  | { kind: 'delay'; ms: number };

/** Twilio's answers to common refusals (wording from Twilio's error pages). */
export const TWILIO_REFUSALS = {
  invalidNumber: { kind: 'error', status: 400, code: 21211, message: "The 'To' number is not a valid phone number." },
  unsubscribed: { kind: 'error', status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  notMobile: { kind: 'error', status: 400, code: 21614, message: "'To' number is not a valid mobile number" },
  queueFull: { kind: 'error', status: 429, code: 21611, message: "This 'From' number has exceeded the maximum number of queued messages" },
  unknownCode: { kind: 'error', status: 400, code: 21999, message: 'Something Twilio-specific went wrong' },
} as const satisfies Record<string, FakeBehaviour>;

export interface RecordedMessage {
  sid: string;
  form: Record<string, string>;
}

export interface FakeAccount {
  friendly_name: string;
  status: string;
  type: string;
}

export interface FakeTwilio extends FakeNumbers {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** Messages accepted (201), in arrival order. */
  readonly messages: RecordedMessage[];
  /** Every Messages.json post that passed authentication, whatever the answer. */
  readonly attempts: Array<Record<string, string>>;
  /** Most Messages.json requests open at the same time. */
  readonly maxInFlight: number;
  account: FakeAccount;
  /** Applies a behaviour to posts for `to` (the next `times` ones, or all). */
  behave(to: string, behaviour: FakeBehaviour, times?: number): void;
  /** Posts a status callback for an accepted message to its StatusCallback URL, signed like Twilio. */
  deliver(sid: string, status: string, errorCode?: number): Promise<Response>;
  close(): Promise<void>;
}

/**
 * X-Twilio-Signature as Twilio computes it: HMAC-SHA1 (auth token) of the URL followed by every
 * parameter name and value, names in code-unit order, base64. Written apart from the server's
 * validator (and checked against Twilio's published vector in the tests) so each checks the other.
 */
export function twilioSign(authToken: string, url: string, params: Record<string, string>): string {
  const names = Object.keys(params).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const text = url + names.map((name) => `${name}${params[name]}`).join('');
  return createHmac('sha1', Buffer.from(authToken, 'utf8')).update(Buffer.from(text, 'utf8')).digest('base64');
}

/** Posts a form to `url` as Twilio does, signed for `signUrl` (default: `url`) with `authToken`. */
export function postSignedForm(
  url: string,
  params: Record<string, string>,
  authToken: string,
  options: { signUrl?: string; signature?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const signature = options.signature ?? twilioSign(authToken, options.signUrl ?? url, params);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature, ...options.headers },
    body: new URLSearchParams(params).toString(),
  });
}

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function twilioError(response: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startFakeTwilio(options: { accountSid?: string; authToken?: string } = {}): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? sid('AC');
  const authToken = options.authToken ?? randomBytes(16).toString('hex');
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const behaviours = new Map<string, { behaviour: FakeBehaviour; remaining: number }>();
  const messages: RecordedMessage[] = [];
  const attempts: Array<Record<string, string>> = [];
  let inFlight = 0;
  let maxInFlight = 0;

  const behaviourFor = (to: string): FakeBehaviour | undefined => {
    const entry = behaviours.get(to);
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) behaviours.delete(to);
    return entry.behaviour;
  };

  const postMessage = async (request: IncomingMessage, response: ServerResponse) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    attempts.push(form);
    const to = form.To ?? '';
    if (!to) return twilioError(response, 400, 21604, "A 'To' phone number is required.");
    if (!form.Body) return twilioError(response, 400, 21602, 'Message body is required.');
    if (!form.From && !form.MessagingServiceSid) return twilioError(response, 400, 21603, "A 'From' phone number is required.");
    const behaviour = behaviourFor(to);
    switch (behaviour?.kind) {
      case 'error':
        return twilioError(response, behaviour.status, behaviour.code, behaviour.message);
      case 'throttle':
        return twilioError(
          response,
          429,
          20429,
          'Too Many Requests',
          behaviour.retryAfter === undefined ? {} : { 'retry-after': behaviour.retryAfter },
        );
      case 'server-error': {
        const status = behaviour.status ?? 500;
        if (!behaviour.html) return twilioError(response, status, 20500, 'Internal Server Error');
        response.writeHead(status, { 'content-type': 'text/html' });
        return response.end('<html><body>Bad gateway</body></html>');
      }
      case 'hang':
        return new Promise<void>((resolve) => response.on('close', resolve));
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, behaviour.ms));
        break;
      case undefined:
        break;
    }
    const message = { sid: sid('SM'), form };
    messages.push(message);
    sendJson(response, 201, {
      sid: message.sid,
      account_sid: accountSid,
      to,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      body: form.Body,
      status: form.MessagingServiceSid && !form.From ? 'accepted' : 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: new Date().toUTCString(),
      error_code: null,
      error_message: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
    });
  };

  const numbers = createFakeNumbers(accountSid);
  const fake: FakeTwilio = {
    ...numbers.state,
    baseUrl: '',
    accountSid,
    authToken,
    messages,
    attempts,
    get maxInFlight() {
      return maxInFlight;
    },
    account: { friendly_name: 'Fake Clinic Account', status: 'active', type: 'Full' },
    behave: (to, behaviour, times = Number.POSITIVE_INFINITY) => void behaviours.set(to, { behaviour, remaining: times }),
    deliver: (messageSid, status, errorCode) => {
      const message = messages.find((candidate) => candidate.sid === messageSid);
      const url = message?.form.StatusCallback;
      if (!message || !url) throw new Error(`fake Twilio: no StatusCallback for ${messageSid}`);
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: message.form.From ?? '+15005550006',
        MessageSid: messageSid,
        MessageStatus: status,
        SmsSid: messageSid,
        SmsStatus: status,
        To: message.form.To ?? '',
        ...(errorCode === undefined ? {} : { ErrorCode: String(errorCode) }),
      };
      return postSignedForm(url, params, authToken);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      if (request.headers.authorization !== expectedAuth) return twilioError(response, 401, 20003, 'Authenticate');
      if (request.method === 'GET' && path === `/2010-04-01/Accounts/${accountSid}.json`) {
        return sendJson(response, 200, { sid: accountSid, ...fake.account, date_created: new Date().toUTCString() });
      }
      if (request.method === 'POST' && path === `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          return await postMessage(request, response);
        } finally {
          inFlight -= 1;
        }
      }
      const url = new URL(request.url ?? '/', 'http://fake');
      const form = request.method === 'POST' ? Object.fromEntries(new URLSearchParams(await readBody(request))) : {};
      const answer = numbers.answer(request.method ?? 'GET', path, url.searchParams, form);
      if (answer) return sendJson(response, answer.status, answer.body);
      return twilioError(response, 404, 20404, `The requested resource ${path} was not found`);
    })().catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
