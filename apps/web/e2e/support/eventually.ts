import { expect } from 'vitest';

/**
 * Polls a reading until it matches, for screens that update after a fetch, a debounce or a live
 * event. A poll that matches returns at once; the timeout only bounds a slow CI host.
 */
export const eventually = <T>(read: () => Promise<T> | T, timeout = 15_000) => expect.poll(read, { timeout, interval: 250 });

/**
 * The page does not scroll sideways. Read until it holds: after a viewport change the layout
 * follows a render later (media queries, a grid measuring its width), and a loaded host delays
 * that render; a page that does overflow still fails once the timeout passes.
 */
export const expectNoSidewaysScroll = (page: { evaluate: <R>(fn: () => R) => Promise<R> }) =>
  eventually(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
