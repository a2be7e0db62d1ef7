import { ARCHIVE_RSS_PATH } from '@sms/contracts/public-archive-limits';
import { useEffect } from 'react';

/** Adds the archive's RSS feed to the page head while a public page shows, so browsers and readers find it. */
export function useArchiveFeedLink(title: string) {
  useEffect(() => {
    // A page the server rendered has it in its head already.
    if (document.head.querySelector('link[rel="alternate"][type="application/rss+xml"]')) return;
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/rss+xml';
    link.title = title;
    link.href = ARCHIVE_RSS_PATH;
    document.head.appendChild(link);
    return () => link.remove();
  }, [title]);
}
