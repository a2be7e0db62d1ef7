import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a public page says about itself (apps/web `lib/server-rendering/page-head.ts`). */
export interface RenderedHead {
  title?: string;
  description?: string;
  type?: 'website' | 'article';
  feedTitle?: string;
}

/** A page as the web build's server render returns it (apps/web `src/delivery/public-pages.server.tsx`). */
export interface RenderedPage {
  status: number;
  head: RenderedHead;
  /** The content of `<div id="root">`. */
  root: string;
  /** Style and state tags for the end of `<head>`. */
  headTags: string;
}

interface RenderModule {
  renderPublicPage(request: { url: string; language: string; fetch: typeof fetch }): Promise<RenderedPage>;
}

/** Renders the requested page in a language; undefined when the build has no server render. */
export type RenderPage = (request: FastifyRequest, language: string) => Promise<RenderedPage | undefined>;

const NO_BODY = new Set([204, 205, 304]);

/**
 * The app's own API for a render: each call the page makes is answered in process (`inject`), as
 * the visitor's (their address, so request budgets count them as theirs), never over the network.
 */
function ownApi(app: FastifyInstance, request: FastifyRequest, language: string): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: { 'accept-language': language, accept: 'application/json' },
      remoteAddress: request.ip,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value);
    return new Response(NO_BODY.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}

/**
 * The server render of the web build (dist/.ssr/public-pages.js, decision 097), imported once per
 * build (the file's modification time). A missing build renders nothing: the page is then the app
 * alone, as before.
 */
export function serverRenderer(app: FastifyInstance, webDist: string): RenderPage {
  const file = join(webDist, '.ssr', 'public-pages.js');
  let loaded: { version: number; module: Promise<RenderModule> } | undefined;
  const load = (): Promise<RenderModule> | undefined => {
    let version: number;
    try {
      version = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (loaded?.version !== version)
      loaded = { version, module: import(`${pathToFileURL(file).href}?v=${version}`) as Promise<RenderModule> };
    return loaded.module;
  };
  // Loaded at start, beside everything else: the first visitor does not wait for seconds of module loading.
  load()?.catch((error: unknown) => app.log.error({ err: error }, 'the server render of the public pages did not load'));
  return async (request, language) => {
    const module = await load();
    if (!module) return undefined;
    const url = request.url.replace(/#.*$/, '');
    return module.renderPublicPage({ url, language, fetch: ownApi(app, request, language) });
  };
}
