import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates that HTML, true afterwards: what
 * differs between the two (the visitor's time zone) renders the server's way first, so hydration
 * finds the same text, then the browser's.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
