import { loadNamespaces } from '../lib/i18n/i18n';
import { FRAME_NAMESPACES, PUBLIC_SITE_NAMESPACES } from './text-sets';

/**
 * A lazily loaded page's module, resolved once the namespaces it reads are here too (downloaded side
 * by side). The router writes `withTexts(import(<page>))`; the build fills in
 * the namespaces that page's modules read (page-texts.build.ts, decision 082), so no list is kept by
 * hand. Left unfilled (a test run without the build), the i18next backend still loads them on use.
 */
export async function withTexts<T>(module: Promise<T>, namespaces: readonly string[] = []): Promise<T> {
  const [loaded] = await Promise.all([module, loadNamespaces(namespaces)]);
  return loaded;
}

/** The public site's namespaces of the active language: its frame waits for them. */
export const loadPublicSiteTexts = () => loadNamespaces(PUBLIC_SITE_NAMESPACES);

/** The signed-in frame's namespaces of the active language: the frame waits for them. */
export const loadFrameTexts = () => loadNamespaces(FRAME_NAMESPACES);
