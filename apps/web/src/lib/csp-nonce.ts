/**
 * The server's CSP allows <style> tags only with the per-request nonce it writes into
 * <meta name="csp-nonce" content="...">. Emotion caches and the MUI X DataGrid (via theme
 * defaults) already use it; pass it to anything else that injects a <style> tag.
 */
export function readCspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  // In `vite dev` the placeholder is not replaced and no CSP applies.
  return content && content !== '__CSP_NONCE__' ? content : undefined;
}
