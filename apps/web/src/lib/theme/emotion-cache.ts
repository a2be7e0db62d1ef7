import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import type { Direction } from '@sms/contracts/languages';
import rtlPlugin from 'stylis-plugin-rtl';
import { readCspNonce } from '../csp-nonce';

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
