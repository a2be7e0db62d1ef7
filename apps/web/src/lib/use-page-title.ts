import { DEFAULT_BRAND } from '@sms/contracts/brand';
import { useEffect } from 'react';

/** The document title for a page: `${title} | ${appName}`, or the app name alone. */
export const pageTitle = (title: string | undefined, appName: string = DEFAULT_BRAND.appName): string =>
  title ? `${title} | ${appName}` : appName;

/** Sets the browser tab title to `${title} | ${appName}` while the page is shown (pass a translated title). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
