import type { PublicSiteView } from '@sms/contracts/public-site';
import { useOutletContext } from 'react-router';

/** The public site as its layout loaded it (only rendered while the site is on). */
export type PublicContent = Extract<PublicSiteView, { enabled: true }>;

/** The public pages read the site's content from their layout. */
export const usePublicContent = (): PublicContent => useOutletContext<PublicContent>();
