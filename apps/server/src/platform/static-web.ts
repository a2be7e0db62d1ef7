import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@sms/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstRoutePreloadReader, pageEntryReader } from './first-route-preloads.ts';
import { cspNonceOf, isApiRequest } from './security.ts';
import { serverRenderer, type RenderedPage, type RenderPage } from './server-render.ts';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;

/** What a page's <head> says about it when crawlers and link previews read the HTML (the app sets its own once running). */
export interface PageMeta {
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  /** Replaces the built-in description when set. */
  description?: string;
  /** Absolute address of this page: canonical link and og:url. */
  url?: string;
  /** Open Graph tags (and a Twitter card), when the page may be previewed. */
  openGraph?: { title: string; description: string; type: string; siteName?: string; image?: string };
  /** The site's RSS feed, announced for readers and browsers. */
  feed?: { title: string; href: string };
  /** The page rendered by the server (decision 097): its markup, styles, state and status. */
  page?: RenderedPage;
}
/** The meta of the page a request asks for (`render` renders it on the server); undefined keeps the built index.html as it is. */
export type PageMetaSource = (request: FastifyRequest, render: RenderPage) => Promise<PageMeta | undefined>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/** index.html with the page's language, title, description, Open Graph tags and canonical link (every value HTML-escaped). */
export function withPageMeta(html: string, meta: PageMeta | undefined): string {
  if (!meta) return html;
  const attribute = (name: string, value: string) => `${name}="${escapeHtml(value)}"`;
  const tags: string[] = [];
  if (meta.url) tags.push(`<link rel="canonical" ${attribute('href', meta.url)} />`);
  const og = meta.openGraph;
  if (og) {
    const properties: Array<[string, string | undefined]> = [
      ['og:title', og.title],
      ['og:description', og.description],
      ['og:type', og.type],
      ['og:url', meta.url],
      ['og:image', og.image],
      ['og:site_name', og.siteName],
    ];
    for (const [property, value] of properties)
      if (value) tags.push(`<meta ${attribute('property', property)} ${attribute('content', value)} />`);
    tags.push(`<meta name="twitter:card" content="summary" />`);
  }
  if (meta.feed)
    tags.push(
      `<link rel="alternate" type="application/rss+xml" ${attribute('title', meta.feed.title)} ${attribute('href', meta.feed.href)} />`,
    );
  if (meta.page) tags.push(meta.page.headTags);
  let page = html
    .replace(/<html\b[^>]*>/, `<html ${attribute('lang', meta.lang)} ${attribute('dir', meta.dir)}>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
  if (meta.description !== undefined)
    page = page.replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" ${attribute('content', meta.description ?? '')} />`,
    );
  // The server's render replaces the boot spinner and the "needs JavaScript" notice: the page reads without it.
  if (meta.page) {
    const root = meta.page.root;
    page = page
      .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
      .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, (_all, end: string) => `<div id="root">${root}</div>${end}`);
  }
  return tags.length > 0 ? page.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`) : page;
}

/** What `read` makes of a path, made again only when the path changes (a rebuild while the server runs). */
function readWhenChanged<T>(path: string, read: (path: string) => T): () => T {
  let cached: { mtimeMs: number; value: T } | undefined;
  return () => {
    const { mtimeMs } = statSync(path);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: read(path) };
    return cached.value;
  };
}

/** index.html read once per build (re-read when the file changes, e.g. after `npm run build`). */
const indexHtmlReader = (path: string) => readWhenChanged(path, (file) => readFileSync(file, 'utf8'));

/** The names in a folder, listed once per build; none when the folder is missing. */
function folderListing(dir: string): () => ReadonlySet<string> {
  const listing = readWhenChanged(dir, (folder): ReadonlySet<string> => new Set(readdirSync(folder)));
  return () => {
    try {
      return listing();
    } catch {
      return new Set();
    }
  };
}

/**
 * The built file a URL names, relative to the build (`assets/app-1a2b.js`, `favicon.svg`), or
 * undefined. Only files the build wrote at its top level or in assets/, spelled exactly as
 * listed (a case-insensitive disk never serves one file under two names); never a page (.html:
 * each needs a fresh nonce) nor a dot file (the server render under .ssr/).
 */
function builtFileLookup(webDist: string): (url: string) => string | undefined {
  const top = folderListing(webDist);
  const assets = folderListing(join(webDist, 'assets'));
  return (url) => {
    const match = /^\/(?:(assets)\/)?([^/?#]+)(?:[?#]|$)/.exec(url);
    const [, folder, name] = match ?? [];
    if (!name || name.startsWith('.') || name.endsWith('.html')) return undefined;
    const listing = folder ? assets() : top();
    if (!listing.has(name)) return undefined;
    return folder ? `${folder}/${name}` : name;
  };
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (brotli, then gzip), honouring `q=0` refusals. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/** index.html with this request's nonce, compressed for the client (small: compressed per request). */
function encodeIndex(html: string, encoding: Encoding): string | Buffer {
  if (encoding === 'br') return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(html);
  return html;
}

/**
 * Serves the built web app: hashed files under /assets with a year-long immutable cache,
 * index.html (never cached, with this request's CSP nonce) for `/` and every other GET outside
 * /api (SPA fallback). Unknown /api paths and other methods answer a JSON 404. Text files go out
 * brotli- or gzip-compressed by `Accept-Encoding` (precompressed at build time, decision 036).
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string, pageMeta?: PageMetaSource): Promise<void> {
  const indexPath = join(webDist, 'index.html');
  const built = existsSync(indexPath);
  const readIndex = built ? indexHtmlReader(indexPath) : undefined;
  const preloadsOf = firstRoutePreloadReader(join(webDist, 'first-route-preloads.json'));
  const pageOf = pageEntryReader(join(webDist, 'page-entries.json'));
  const pageReaders = new Map<string, () => string>();
  /** The address's own page when the build made one (the sign-in entry, decision 071), else index.html. */
  const readPage = (pathname: string): string => {
    const page = pageOf(pathname);
    const path = page ? join(webDist, page) : indexPath;
    if (!page || !existsSync(path) || !readIndex) return readIndex?.() ?? '';
    let reader = pageReaders.get(path);
    if (!reader) pageReaders.set(path, (reader = indexHtmlReader(path)));
    return reader();
  };

  const render = serverRenderer(app, webDist);
  const metaOf = async (request: FastifyRequest) => {
    try {
      return await pageMeta?.(request, render);
    } catch (error) {
      // The page still works without its meta tags: never fail it for them.
      request.log.error({ err: error }, 'page meta tags failed');
      return undefined;
    }
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!readIndex) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build` (or `npm start`, which builds it), then reload.');
    }
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    const { pathname } = new URL(request.url, 'http://page');
    const meta = await metaOf(request);
    const html = withPageMeta(readPage(pathname), meta).replace('</head>', () => `${preloadsOf(pathname)}</head>`);
    return reply
      .status(meta?.page?.status ?? 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(encodeIndex(html.replace(NONCE_PLACEHOLDER, cspNonceOf(request)), encoding));
  };

  if (built) {
    // The plugin only sends files here (`serve: false`): which file a request names is decided by
    // `builtFile`, from the build's listing, so its per-request spelling check (two directory
    // listings of the 1,400-file assets folder for every request) is not needed.
    await app.register(fastifyStatic, {
      root: webDist,
      serve: false,
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      preCompressed: true,
      setHeaders: (response, path) => {
        const hashed = path.includes(`${join(webDist, 'assets')}/`);
        response.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const builtFile = builtFileLookup(webDist);
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const file = builtFile(request.url);
      return file ? reply.sendFile(file) : reply.callNotFound();
    });
  }
  // The web app's page, not part of the API's contract.
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/index.html', { schema: { hide: true } }, sendIndex);

  const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiRequest(request.url) && !request.url.startsWith('/assets/');
    if (wantsPage) return sendIndex(request, reply);
    // An address the API serves with other methods: 405 with Allow (RFC 9110), not "not found".
    const path = request.url.split('?')[0] ?? '';
    const allowed = isApiRequest(request.url)
      ? API_METHODS.filter((method) => {
          // A wildcard (the static files' route) serves no API address.
          const route = app.findRoute({ method, url: path });
          return route !== null && !('*' in (route.params as Record<string, string>));
        })
      : [];
    if (allowed.length > 0)
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          message: `${request.method} is not allowed here; use ${allowed.join(', ')}`,
          error: 'Method Not Allowed',
          code: ERROR_CODES.methodNotAllowed,
        });
    return reply.status(404).send({ message: 'Not found', error: 'Not Found', code: ERROR_CODES.notFound });
  });
}
