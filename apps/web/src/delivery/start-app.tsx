import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { loadStartLanguage } from '../lib/i18n/i18n';
import { SIGN_IN_NAMESPACES } from './text-sets';
import { App } from '../app/app';
import { preloadFirstRoute } from './first-route';

/**
 * Starts the app in `container`. The first render waits for the language's texts (one file) so no
 * key ever flashes on screen, and for a signed-out first page's code (asked for at the same time),
 * so that it commits that page at once rather than a loader first (decision 047). Until then
 * index.html's neutral loader shows. The render is a transition: React then works in slices and
 * yields to the browser between them instead of one long task (decision 038).
 *
 * `replacing`: the sign-in entry's root (decision 071), shown until the app is ready; the app then
 * takes the container over in the same task, so no empty frame shows in between.
 */
export async function startApp(container: HTMLElement, replacing?: Root): Promise<void> {
  const firstRoute = preloadFirstRoute(window.location.pathname);
  await Promise.all([loadStartLanguage(SIGN_IN_NAMESPACES).catch(() => undefined), firstRoute]);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!replacing) {
    startTransition(() => createRoot(container).render(app));
    return;
  }
  replacing.unmount();
  const root = createRoot(container);
  flushSync(() => root.render(app));
}
