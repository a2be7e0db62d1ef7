import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import type { Direction } from '@sms/contracts/languages';
import rtlPlugin from 'stylis-plugin-rtl';
import { readCspNonce } from '../csp-nonce';

let caches: Partial<Record<Direction, EmotionCache>> = {};

/** A new Emotion cache for a direction (rtl flips left/right in every rule), with the CSP nonce. */
export const createEmotionCache = (direction: Direction, nonce: string | undefined = readCspNonce()): EmotionCache =>
  direction === 'rtl'
    ? createCache({ key: 'muirtl', nonce, stylisPlugins: [rtlPlugin as unknown as StylisPlugin] })
    : createCache({ key: 'mui', nonce });

/**
 * One Emotion cache per direction, both with the CSP nonce. In the browser it is created before a
 * server-rendered page hydrates, so it takes over the styles the server wrote (delivery/start-app.tsx).
 */
export function emotionCache(direction: Direction): EmotionCache {
  return (caches[direction] ??= createEmotionCache(direction));
}

/** The server's render of a public page collects each page's styles in caches of its own (delivery/public-pages.server.tsx). */
export function setEmotionCaches(next: Partial<Record<Direction, EmotionCache>>): void {
  caches = next;
}
