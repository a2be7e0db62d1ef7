/**
 * The one HTTP call the gateway makes to Twilio's REST API: Basic auth (account SID + auth token),
 * a form-encoded body, a timeout, and an answer that says what happened without ever throwing.
 * The auth token only travels in the Authorization header, so no URL or error text contains it.
 */

/** What came back from one REST call. */
export type RestAnswer =
  | { kind: 'answer'; status: number; body: unknown; retryAfterMs: number | undefined }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'network'; reason: string }
  /** The caller's signal fired (shutdown). */
  | { kind: 'aborted' };

export interface TwilioRestOptions {
  apiBaseUrl: string;
  accountSid: string;
  authToken: string;
  timeoutMs: number;
}

export type TwilioRequest = (method: 'GET' | 'POST', path: string, form?: URLSearchParams, signal?: AbortSignal) => Promise<RestAnswer>;

// Retry-After beyond an hour is treated as an hour: the engine re-checks by then anyway.
const MAX_RETRY_AFTER_MS = 3_600_000;

/** Reads Retry-After (delta seconds or an HTTP date) as milliseconds from now. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  // An HTTP date names its weekday and month; Date.parse alone would read '-5' as a year.
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : /[A-Za-z]{3}/.test(text) ? Date.parse(text) - now : Number.NaN;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(0, Math.round(ms)), MAX_RETRY_AFTER_MS);
}

/** Why fetch failed, in words: the system error code of the cause when there is one. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** Builds the request function for one account. `path` starts at the API version ('/2010-04-01/...'). */
export function createTwilioRequest(options: TwilioRestOptions): TwilioRequest {
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`, 'utf8').toString('base64')}`;
  return async (method, path, form, signal) => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const response = await fetch(`${options.apiBaseUrl}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } : {}),
        },
        ...(form ? { body: form.toString() } : {}),
        signal: combined,
      });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // A proxy's HTML error page or similar: the status still says what happened.
      }
      return { kind: 'answer', status: response.status, body, retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) };
    } catch (error) {
      if (signal?.aborted) return { kind: 'aborted' };
      if (timeout.aborted) return { kind: 'timeout', timeoutMs: options.timeoutMs };
      return { kind: 'network', reason: networkReason(error) };
    }
  };
}

/** Twilio's error answer `{ code, message, more_info, status }`, when the body is one. */
export function twilioErrorBody(body: unknown): { code: number | undefined; message: string | undefined } {
  if (!body || typeof body !== 'object') return { code: undefined, message: undefined };
  const { code, message } = body as { code?: unknown; message?: unknown };
  return {
    code:
      typeof code === 'number' && Number.isInteger(code) ? code : typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : undefined,
    message: typeof message === 'string' && message.trim() ? message.trim().slice(0, 500) : undefined,
  };
}
