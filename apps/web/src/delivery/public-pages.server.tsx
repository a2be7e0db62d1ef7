import type { EmotionCache } from '@emotion/cache';
import { directionOf, type Language } from '@sms/contracts/languages';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { ApiNavigator } from '../app/app';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { getBrandSettings } from '../api/brand/get-brand-settings';
import { publicSiteQueryOptions } from '../api/public-site/get-public-site';
import { setApiTransport } from '../lib/api-client';
import { i18n, loadNamespaces } from '../lib/i18n/i18n';
import { PageHeadContext, type PageHead } from '../lib/server-rendering/page-head';
import { SERVER_STATE_ID, withFailedAnswers, type ServerState } from '../lib/server-rendering/server-state';
import { createEmotionCache, setEmotionCaches } from '../lib/theme/emotion-cache';
import { PUBLIC_SITE_NAMESPACES, SIGN_IN_NAMESPACES } from './text-sets';

/**
 * The server's render of a public page (decision 097): the same routes, layout and pages as the
 * browser's, with the page's data asked of the server's own API (`fetch`, answered in process), so
 * the HTML reads without JavaScript and the browser hydrates it (start-app.tsx). Built by
 * `vite build --ssr` into dist/.ssr; the server imports it (platform/server-render.ts).
 */

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  language: Language;
  /** The server's own API: the app's calls (api-client) go there while rendering. */
  fetch: typeof fetch;
}

export interface RenderedPage {
  status: number;
  head: PageHead;
  /** The content of `<div id="root">`. */
  root: string;
  /** The page's styles and its server state, for the end of `<head>` (nonces as `__CSP_NONCE__`). */
  headTags: string;
}

/** Renders passes until the page asks for nothing new (its queries, then the ones their answers reveal). */
const MAX_PASSES = 4;
const NONCE = '__CSP_NONCE__';

// The app's modules hold one language, one API transport and one style cache at a time: renders take turns.
let turn: Promise<unknown> = Promise.resolve();

/** Renders one public page; renders run one after another. */
export function renderPublicPage(request: RenderRequest): Promise<RenderedPage> {
  const run = turn.then(() => render(request));
  turn = run.catch(() => undefined);
  return run;
}

/** JSON inside a `<script>`: `<` escaped so no text can close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Every rule the render inserted, as one style tag the browser's Emotion cache takes over (its `data-emotion` lists their ids). */
function styleTag(cache: EmotionCache): string {
  const ids = Object.keys(cache.inserted).filter((id) => typeof cache.inserted[id] === 'string');
  const css = ids.map((id) => cache.inserted[id] as string).join('');
  return `<style data-emotion="${escapeAttribute(`${cache.key} ${ids.join(' ')}`)}" nonce="${NONCE}">${css}</style>`;
}

async function render({ url, language, fetch }: RenderRequest): Promise<RenderedPage> {
  setApiTransport(fetch);
  await i18n.changeLanguage(language);
  await loadNamespaces([...SIGN_IN_NAMESPACES, ...PUBLIC_SITE_NAMESPACES]);
  // A failed answer stays failed (no retry on mount): the page shows its error, as the browser would once asked.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } },
  });
  // Every page here is in the public site's frame, which renders nothing of the page before the site's
  // answer: asked for up front, with the brand, it spares a whole render pass (about 40 ms a request).
  const [brand] = await Promise.all([getBrandSettings(), client.prefetchQuery(publicSiteQueryOptions())]);
  const direction = directionOf(language);
  const server: ServerState = { language, brand, queries: { queries: [], mutations: [] } };
  for (let pass = 1; ; pass++) {
    const head: PageHead = {};
    // Compat mode: Emotion keeps each rule's text in `inserted` instead of writing style tags into the markup.
    const cache = createEmotionCache(direction, NONCE);
    cache.compat = true;
    setEmotionCaches({ [direction]: cache });
    const { prelude } = await prerender(
      <PageHeadContext value={head}>
        <AppProviders server={server} client={client} serverRendered>
          <StaticRouter location={url}>
            <ApiNavigator />
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </PageHeadContext>,
      // A part that fails here is rendered by the browser instead (React marks it so): said in the server's log.
      // Every boundary inline and complete: React would otherwise move large ones to the end with a
      // script to swap them in, which a reader without JavaScript never runs (nor the CSP allows).
      { onError: (error) => console.error('server render:', error), progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const root = await new Response(prelude).text();
    const asked = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle');
    if (asked.length === 0 || pass === MAX_PASSES) {
      // Failed answers too (an ApiError's fields, no stack): the page shows its error from the start in the browser as well.
      const queries = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
      const state: ServerState = { ...server, queries: withFailedAnswers(queries) };
      const headTags = `${styleTag(cache)}<script type="application/json" id="${SERVER_STATE_ID}" nonce="${NONCE}">${scriptJson(state)}</script>`;
      return { status: head.status ?? 200, head, root, headTags };
    }
    // A failed answer (a blog entry that is not there, pricing switched off) renders as the page's own error.
    await Promise.all(asked.map((query) => client.prefetchQuery({ ...query.options, queryKey: query.queryKey })));
  }
}
