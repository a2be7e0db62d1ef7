import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import type { Direction } from '@sms/contracts/languages';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * The server's CSP allows <style> only with the per-request nonce it writes into
 * <meta name="csp-nonce" content="...">; every Emotion style tag must carry it.
 */
export function readCspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  // In `vite dev` the placeholder is not replaced and no CSP applies.
  return content && content !== '__CSP_NONCE__' ? content : undefined;
}

const caches: Partial<Record<Direction, EmotionCache>> = {};

/** One Emotion cache per direction (rtl flips left/right in every rule), both with the CSP nonce. */
export function emotionCache(direction: Direction): EmotionCache {
  const existing = caches[direction];
  if (existing) return existing;
  const nonce = readCspNonce();
  const cache =
    direction === 'rtl'
      ? createCache({ key: 'muirtl', nonce, stylisPlugins: [rtlPlugin as unknown as StylisPlugin] })
      : createCache({ key: 'mui', nonce });
  caches[direction] = cache;
  return cache;
}
