import { DEFAULT_BRAND } from '@sms/contracts/brand-defaults';
import { useEffect } from 'react';
import { useBrand } from './brand/use-brand';

/** The document title for a page: `${title} | ${appName}`, or the app name alone. */
export const pageTitle = (title: string | undefined, appName: string = DEFAULT_BRAND.appName): string =>
  title ? `${title} | ${appName}` : appName;

/** Sets the browser tab title to `${title} | ${appName}` (the brand's name) while the page is shown (pass a translated title). */
export function usePageTitle(title: string | undefined): void {
  const { appName } = useBrand().settings;
  useEffect(() => {
    document.title = pageTitle(title, appName);
  }, [title, appName]);
}
