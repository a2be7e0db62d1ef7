/** What a provider's HTTP API answered to one request, or how the request failed. */
export type HttpAnswer =
  | { kind: 'answer'; status: number; body: string; retryAfter?: string | null }
  | { kind: 'down'; reason: string }
  | { kind: 'lost'; reason: string }
  | { kind: 'aborted' };

// Failures before a byte was sent: nothing reached the provider.
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * One HTTP request to a provider (Kannel's sendsms, an http gateway's API), bounded by `timeoutMs`
 * answer included, never following redirects. A connection that never opened is `down` (nothing was
 * sent); one that failed or timed out after is `lost` (the provider may have taken the message).
 */
export async function httpRequest(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<HttpAnswer> {
  if (signal?.aborted) return { kind: 'aborted' };
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      method: init.method,
      ...(init.headers ? { headers: init.headers } : {}),
      ...(init.body !== undefined ? { body: init.body } : {}),
      redirect: 'error',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    return { kind: 'answer', status: response.status, body: await response.text(), retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    if (signal?.aborted) return { kind: 'aborted' };
    if (timeout.aborted) return { kind: 'lost', reason: `no answer within ${timeoutMs / 1000} s` };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    return NOT_CONNECTED.has(cause?.code ?? '') ? { kind: 'down', reason } : { kind: 'lost', reason };
  }
}
