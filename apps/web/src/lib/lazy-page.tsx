import { createElement, lazy, useState, type ComponentType } from 'react';
import { loadWhenReachable } from './connection/load-when-reachable';

/** A lazily loaded component that can be asked for ahead of its first render. */
export type LazyPage<P extends object> = ComponentType<P> & {
  /** Starts (once) downloading the component's module; resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * Like React's `lazy`, but a component whose module was preloaded and has arrived renders at once,
 * without suspending. With `lazy` alone the first render always suspends once (the module's promise
 * settles only in a later microtask), so a first visit committed twice: the loader, then the page,
 * each commit inserting its styles and laying out (decision 047). Whether a mounted instance renders
 * the module directly or through `lazy` is fixed at mount, so it never remounts later.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= loadWhenReachable(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Failed while the server answers: tried again on the next render (the routes' error boundary shows it otherwise).
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Page(props: P) {
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Lazy, props);
  }
  return Object.assign(Page, { preload });
}

/**
 * React's `lazy` for any part of the app downloaded when first shown (a route's page, a tab, a
 * menu, the card form of a list): a download that fails because the server cannot be reached is
 * tried again once it answers, so the part shows by itself, in its frame, under the connection
 * banner, instead of the error screen that replaced the whole frame (loadWhenReachable, issue 37).
 * Plain `lazy` is refused by the lint outside this file.
 */
export const lazyWhenReachable: typeof lazy = (load) => lazy(() => loadWhenReachable(load));

/** `lazyWhenReachable` for a route's page (the router's name for it). */
export const lazyRoute: typeof lazy = lazyWhenReachable;
