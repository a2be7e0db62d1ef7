import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * X-Twilio-Signature (https://www.twilio.com/docs/usage/security#validating-requests): Twilio
 * takes the full URL it requested (with the query string), appends every POST parameter sorted by
 * name as name + value with no delimiter, signs that with HMAC-SHA1 keyed by the auth token and
 * sends the base64 digest. A repeated parameter contributes each distinct value once, values sorted
 * (as Twilio's own helper libraries do).
 */

/** Form parameters as received: a repeated name carries every value. */
export type TwilioParams = Readonly<Record<string, string | readonly string[]>>;

/** The exact text Twilio signs for a URL and its POST parameters. */
function signedText(url: string, params: TwilioParams): string {
  let text = url;
  // Code-unit order, like the reference libraries' plain sort: 'Sid' < 'SidAccount' < 'To' < 'a'.
  for (const name of Object.keys(params).sort()) {
    const value = params[name] ?? '';
    const values = typeof value === 'string' ? [value] : [...new Set(value)].sort();
    for (const item of values) text += name + item;
  }
  return text;
}

/** The signature Twilio sends for this URL and these parameters (base64 HMAC-SHA1). */
export function computeTwilioSignature(authToken: string, url: string, params: TwilioParams): string {
  return createHmac('sha1', authToken).update(signedText(url, params), 'utf8').digest('base64');
}

// scheme :// [userinfo@] host [:port] rest. Kept as text, not `new URL()`, because the signature
// covers the URL exactly as Twilio had it: WHATWG parsing would lowercase the host and drop
// default ports, changing what is signed.
const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)(?::(\d*))?(.*)$/s;

/**
 * The URL as given plus the forms Twilio may have signed instead: Twilio's signing has been
 * inconsistent about ports, so its own libraries accept the URL both without a port and with the
 * scheme's default port (443/80) when none is given.
 */
export function signatureUrlVariants(url: string): string[] {
  const parts = URL_PARTS.exec(url);
  if (!parts) return [url];
  const [, scheme = '', userinfo = '', host = '', port, rest = ''] = parts;
  const variants = new Set([url, `${scheme}${userinfo}${host}${rest}`]);
  if (port === undefined) {
    const defaultPort = scheme.toLowerCase() === 'https://' ? '443' : scheme.toLowerCase() === 'http://' ? '80' : undefined;
    if (defaultPort) variants.add(`${scheme}${userinfo}${host}:${defaultPort}${rest}`);
  }
  return [...variants];
}

/** Compares two base64 signatures in constant time (for equal lengths; a length says nothing secret). */
function sameSignature(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `signature` (the X-Twilio-Signature header) proves Twilio sent these parameters to this URL. */
export function isValidTwilioSignature(authToken: string, signature: string | undefined, url: string, params: TwilioParams): boolean {
  if (!signature || !authToken) return false;
  let valid = false;
  // Every variant is checked (no early exit), so the time taken does not depend on which matched.
  for (const candidate of signatureUrlVariants(url)) {
    if (sameSignature(computeTwilioSignature(authToken, candidate, params), signature)) valid = true;
  }
  return valid;
}
