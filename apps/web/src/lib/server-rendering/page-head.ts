import { createContext, useContext } from 'react';

/**
 * What a page says about itself in the HTML's head and status when the server renders it
 * (delivery/public-pages.server.tsx): the pages write it while rendering, the server reads it after.
 */
export interface PageHead {
  /** The whole document title (`pageTitle`). */
  title?: string;
  description?: string;
  /** Open Graph type: `article` for one blog entry, else `website`. */
  type?: 'website' | 'article';
  /** The title of the site's RSS feed, announced on every public page. */
  feedTitle?: string;
  /** 404 when the page shows that what was asked for is not there. */
  status?: number;
}

/** Provided only by the server's render; in the browser there is none and nothing is recorded. */
export const PageHeadContext = createContext<PageHead | null>(null);

/** Records the page's head and status during the server's render (a no-op in the browser). */
export function useServerPageHead(head: PageHead): void {
  const collected = useContext(PageHeadContext);
  if (collected) Object.assign(collected, head);
}
