import { DEFAULT_BRAND } from '@sms/contracts/brand-defaults';
import { useEffect } from 'react';
import { useBrand } from './brand/use-brand';
import { useServerPageHead, type PageHead } from './server-rendering/page-head';

/** The document title for a page: `${title} | ${appName}`, or the app name alone. */
export const pageTitle = (title: string | undefined, appName: string = DEFAULT_BRAND.appName): string =>
  title ? `${title} | ${appName}` : appName;

/**
 * Sets the browser tab title to `${title} | ${appName}` (the brand's name) while the page is shown (pass a translated title).
 * A public page also names its description (else the brand's) and Open Graph type: the server writes them into the HTML.
 */
export function usePageTitle(title: string | undefined, head: Omit<PageHead, 'title'> = {}): void {
  const { appName } = useBrand().settings;
  useServerPageHead({ ...head, title: pageTitle(title, appName) });
  useEffect(() => {
    document.title = pageTitle(title, appName);
  }, [title, appName]);
}
