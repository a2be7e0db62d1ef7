import { DEFAULT_BRAND } from '@sms/contracts/brand';
import { ARCHIVE_RSS_PATH } from '@sms/contracts/public-archive-limits';
import { DEFAULT_LANGUAGE, directionOf, LANGUAGES, type Language } from '@sms/contracts/languages';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { RenderedPage, RenderPage } from '../../platform/server-render.ts';
import type { PageMeta, PageMetaSource } from '../../platform/static-web.ts';
import { loadBrand, presentBrand } from '../brand/index.ts';
import { publicAddressOf } from '../settings/index.ts';
import { getPublicSiteSettings } from './public-site-settings.ts';

/** The pages a link preview or a search engine may show: the public site and the sign-in page. */
const isPreviewedPath = (path: string) => path === '/landingpage' || path.startsWith('/frontend-pages/') || path === '/auth/login';

/** The first interface language the visitor's browser asks for (Accept-Language, by weight), else English. */
export function languageOf(acceptLanguage: string | undefined): Language {
  const asked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { base: tag.split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (asked.map((entry) => entry.base).find((base) => (LANGUAGES as readonly string[]).includes(base)) as Language) ?? DEFAULT_LANGUAGE;
}

/** The public site's pages, which the server renders (decision 097); the sign-in page gets its meta tags only. */
const isRenderedPath = (path: string) => path === '/landingpage' || path.startsWith('/frontend-pages/');

/**
 * The head of the public pages and the sign-in page, from the brand settings (name, description,
 * logo), the public address and, for the public site's pages, the page itself as the server
 * rendered it (its title, description and status): the organisation's only while the public site is
 * on; off, the product's neutral title and no render (the app sends visitors to the sign-in page).
 * Other pages keep the built index.html.
 */
export function publicPageMeta(db: Db, publicUrl: string | undefined): PageMetaSource {
  return async (request: FastifyRequest, render: RenderPage): Promise<PageMeta | undefined> => {
    const path = request.url.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
    if (!isPreviewedPath(path)) return undefined;
    const lang = languageOf(request.headers['accept-language']);
    const neutral: PageMeta = { lang, dir: directionOf(lang), title: DEFAULT_BRAND.appName, description: DEFAULT_BRAND.description };
    if (!(await getPublicSiteSettings(db)).enabled) return neutral;
    const base = (await publicAddressOf(db, publicUrl))?.replace(/\/+$/, '');
    const state = await loadBrand(db);
    const brand = presentBrand(state.row, state.assets, {});
    let page: RenderedPage | undefined;
    if (isRenderedPath(path)) {
      try {
        page = await render(request, lang);
      } catch (error) {
        // The app still renders the page in the browser: never fail it for the server's render.
        request.log.error({ err: error }, 'server render of a public page failed');
      }
    }
    const url = base ? `${base}${path}` : undefined;
    const image = base && brand.logoPath ? `${base}${brand.logoPath}` : undefined;
    const title = page?.head.title ?? brand.appName;
    const description = page?.head.description ?? brand.description;
    return {
      ...neutral,
      title,
      description,
      ...(url ? { url } : {}),
      openGraph: { title, description, type: page?.head.type ?? 'website', siteName: brand.appName, ...(image ? { image } : {}) },
      ...(page ? { page, feed: { title: page.head.feedTitle ?? brand.appName, href: `${base ?? ''}${ARCHIVE_RSS_PATH}` } } : {}),
    };
  };
}
