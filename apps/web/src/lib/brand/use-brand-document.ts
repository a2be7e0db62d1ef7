import type { BrandSettings } from '@sms/contracts/brand';
import { useEffect } from 'react';
import { applyFaviconLinks, faviconLinks } from './favicon';

/** Keeps the page's favicon links and meta description in step with the brand. */
export function useBrandDocument(settings: BrandSettings): void {
  const { faviconUrl, faviconUrls, description } = settings;
  const appleTouchIcon = faviconUrls?.png180;
  useEffect(() => {
    applyFaviconLinks(document, faviconLinks({ faviconUrl, faviconUrls: appleTouchIcon ? { png32: '', png180: appleTouchIcon } : null }));
  }, [faviconUrl, appleTouchIcon]);
  useEffect(() => {
    document.head.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}
