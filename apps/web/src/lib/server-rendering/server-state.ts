import type { BrandSettings } from '@sms/contracts/brand';
import type { Language } from '@sms/contracts/languages';
import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from '../api-error';

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

/** An ApiError's fields, as JSON carries them (an Error's own message is not enumerable). */
type ErrorFields = ConstructorParameters<typeof ApiError>[0];

/**
 * The failed answers too (a blog entry that is not there, pricing switched off: the page shows its
 * own error), each error as its fields. Without them the browser would start such a page loading,
 * not with the error the server rendered, and React would replace the server's HTML with a loader.
 */
export function withFailedAnswers(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!(error instanceof ApiError)) return query;
      const { status, message, code, field, retryAfter, trouble, existingId, detail } = error;
      const fields: ErrorFields = { status, message, code, field, retryAfter, trouble, existingId, detail };
      return { ...query, state: { ...query.state, error: fields as unknown as Error } };
    }),
  };
}

/** The server's failed answers as the ApiErrors the pages read (`withFailedAnswers` in reverse). */
export function withRevivedErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.error ? { ...query, state: { ...query.state, error: new ApiError(query.state.error as unknown as ErrorFields) } } : query,
    ),
  };
}
