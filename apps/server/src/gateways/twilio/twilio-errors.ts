/**
 * What each Twilio error code means for us. Twilio answers a refused REST call with an HTTP status
 * and a JSON body `{ code, message, more_info, status }`; status callbacks carry only `ErrorCode`.
 * Reference: https://www.twilio.com/docs/api/errors (one page per code).
 *
 * Handling of a refused send (anything not listed falls back on the HTTP status: 429 and 5xx are
 * retried, 401 and 404 make the gateway unusable, other 4xx fail the message):
 * - `retry`: transient; the message is sent again later (backoff, or `retryAfterMs` as a hint).
 * - `optOut`: the recipient unsubscribed (replied STOP): the message fails and the contact is
 *   opted out.
 * - `unusable`: the account cannot send at all as configured: the whole gateway stops
 *   (GatewayUnusable) instead of failing every message one by one.
 * - `failed`: refused for good (the default for 4xx).
 */
export type TwilioErrorHandling = 'retry' | 'optOut' | 'unusable' | 'failed';

interface TwilioErrorInfo {
  handling: TwilioErrorHandling;
  /** Short wording for status callbacks, which carry a code but no text. */
  text: string;
  /** For `retry`: how long to wait when Twilio gives no Retry-After. */
  retryAfterMs?: number;
}

const TWILIO_ERRORS: Readonly<Record<number, TwilioErrorInfo>> = {
  // Account and credentials: no message can go out until an admin fixes the settings.
  20003: { handling: 'unusable', text: 'Authentication failed: check the account SID and auth token' },
  20005: { handling: 'unusable', text: 'The Twilio account is not active' },
  20008: { handling: 'unusable', text: 'Test credentials cannot send messages' },
  10001: { handling: 'unusable', text: 'The Twilio account is not active' },
  20404: { handling: 'unusable', text: 'Twilio does not know this account: check accountSid' },
  // Twilio-side load: try again later.
  20429: { handling: 'retry', text: 'Too many requests' },
  20500: { handling: 'retry', text: 'Twilio internal error' },
  20503: { handling: 'retry', text: 'Twilio service unavailable' },
  14107: { handling: 'retry', text: 'Message send rate limit exceeded', retryAfterMs: 1_000 },
  63017: { handling: 'retry', text: 'Account rate limit exceeded', retryAfterMs: 1_000 },
  // The sender's queue holds ten hours of traffic already: wait for it to drain a little.
  21611: { handling: 'retry', text: "The 'From' number has too many queued messages", retryAfterMs: 60_000 },
  30001: { handling: 'retry', text: 'Queue overflow', retryAfterMs: 60_000 },
  // The daily limit resets on a rolling 24-hour window.
  63038: { handling: 'retry', text: 'Account exceeded the daily messages limit', retryAfterMs: 3_600_000 },
  // The recipient replied STOP to this sender or service.
  21610: { handling: 'optOut', text: 'The recipient has unsubscribed (replied STOP)' },
  // Per-message refusals (REST) and delivery failures (status callbacks), for readable texts.
  21211: { handling: 'failed', text: "Invalid 'To' phone number" },
  21212: { handling: 'failed', text: "Invalid 'From' number" },
  21408: { handling: 'failed', text: 'Sending to this region is not enabled' },
  21606: { handling: 'failed', text: "The 'From' number cannot send SMS" },
  21608: { handling: 'failed', text: 'Trial accounts can only send to verified numbers' },
  21612: { handling: 'failed', text: "Twilio cannot route to this 'To' number" },
  21614: { handling: 'failed', text: "'To' number is not a valid mobile number" },
  21617: { handling: 'failed', text: 'The message body is too long' },
  30002: { handling: 'failed', text: 'Account suspended' },
  30003: { handling: 'failed', text: 'Unreachable destination handset' },
  30004: { handling: 'failed', text: 'Message blocked' },
  30005: { handling: 'failed', text: 'Unknown destination handset' },
  30006: { handling: 'failed', text: 'Landline or unreachable carrier' },
  30007: { handling: 'failed', text: 'Message filtered by the carrier' },
  30008: { handling: 'failed', text: 'Unknown delivery error' },
  30034: { handling: 'failed', text: 'Message from an unregistered 10DLC number' },
};

/** Our error code for a Twilio error code (messages.error_code): 'TWILIO_21211'. */
export function twilioErrorCode(code: number | string): string {
  return `TWILIO_${code}`;
}

/** The table entry of a Twilio code, if we know it. */
export function twilioErrorInfo(code: number | undefined): TwilioErrorInfo | undefined {
  return code === undefined ? undefined : TWILIO_ERRORS[code];
}

/**
 * How to handle a refused REST call: the code's entry when known, else by HTTP status
 * (401: credentials refused; 404: wrong account or API address; 429 and 5xx: transient; other
 * 4xx: this message only).
 */
export function refusalHandling(httpStatus: number, code: number | undefined): TwilioErrorHandling {
  const known = twilioErrorInfo(code);
  if (known) return known.handling;
  if (httpStatus === 401 || httpStatus === 404) return 'unusable';
  if (httpStatus === 429 || httpStatus >= 500) return 'retry';
  return 'failed';
}
