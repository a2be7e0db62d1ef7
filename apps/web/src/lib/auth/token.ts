/** The decoded payload (middle part) of a three-part token, or null when it cannot be parsed. */
export function parseTokenPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Spec section 4: a stored token is usable only if its payload parses and carries an `exp`
 * (seconds) later than `nowSeconds`. The server still verifies the signature on every call.
 */
export function isTokenValid(token: string | null | undefined, nowSeconds: number = Date.now() / 1000): boolean {
  const exp = parseTokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) && exp > nowSeconds;
}
