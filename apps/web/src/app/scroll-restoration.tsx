import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, by its location key (this tab's session). */
const positions = new Map<string, number>();

/**
 * What the data router's ScrollRestoration did, for the declarative router: a new page starts at
 * the top (or at its #anchor), Back and Forward return to where that page was left.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  // Remember the position while the page is shown: by the time the next page renders, the
  // document may already be shorter and the old position lost.
  useEffect(() => {
    const save = () => positions.set(location.key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [location.key]);

  useLayoutEffect(() => {
    if (navigationType === 'POP') {
      window.scrollTo(0, positions.get(location.key) ?? 0);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
  return null;
}
