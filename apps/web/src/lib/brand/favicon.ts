import type { BrandSettings } from '@sms/contracts/brand';

/** The icon bundled with the web app (apps/web/public), used while no favicon is uploaded. */
export const DEFAULT_FAVICON = '/favicon.svg';

const TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The content type an icon URL names by its extension ('' when unknown: the browser sniffs). */
export function iconType(href: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(href)?.[1]?.toLowerCase();
  return (extension && TYPES[extension]) ?? '';
}

export interface FaviconLinks {
  /** <link rel="icon">: the uploaded favicon, else the bundled default. */
  icon: { href: string; type: string };
  /** <link rel="apple-touch-icon">: the 180 px PNG the server makes from an upload, if any. */
  appleTouchIcon: string | null;
}

/** Which icons the page should link for these settings. */
export function faviconLinks(settings: Pick<BrandSettings, 'faviconUrl' | 'faviconUrls'>): FaviconLinks {
  const href = settings.faviconUrl || DEFAULT_FAVICON;
  return { icon: { href, type: iconType(href) }, appleTouchIcon: settings.faviconUrl ? (settings.faviconUrls?.png180 ?? null) : null };
}

function linkFor(doc: Document, rel: string): HTMLLinkElement {
  let link = doc.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = doc.createElement('link');
    link.rel = rel;
    doc.head.appendChild(link);
  }
  return link;
}

/** Points the page's icon links at `links` (creating or removing them as needed). */
export function applyFaviconLinks(doc: Document, links: FaviconLinks): void {
  const icon = linkFor(doc, 'icon');
  if (icon.getAttribute('href') !== links.icon.href) icon.setAttribute('href', links.icon.href);
  if (links.icon.type) icon.type = links.icon.type;
  else icon.removeAttribute('type');
  if (links.appleTouchIcon) linkFor(doc, 'apple-touch-icon').setAttribute('href', links.appleTouchIcon);
  else doc.head.querySelector('link[rel="apple-touch-icon"]')?.remove();
}
