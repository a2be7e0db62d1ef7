import type { BrandSettings } from '@sms/contracts/brand';
import type { Language } from '@sms/contracts/languages';
import type { DehydratedState } from '@tanstack/react-query';

/** What the server rendered a public page with, written into the page for the browser to hydrate with the same. */
export interface ServerState {
  language: Language;
  brand: BrandSettings;
  queries: DehydratedState;
}

/** The id of the `<script type="application/json">` that carries it. */
export const SERVER_STATE_ID = 'ssr-state';

let read: ServerState | null | undefined;

/** The page's server state, when the server rendered it (read once). */
export function serverState(): ServerState | null {
  if (read !== undefined) return read;
  const text = typeof document === 'undefined' ? null : document.getElementById(SERVER_STATE_ID)?.textContent;
  try {
    read = text ? (JSON.parse(text) as ServerState) : null;
  } catch {
    read = null;
  }
  return read;
}
