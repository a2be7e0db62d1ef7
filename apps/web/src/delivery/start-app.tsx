import { directionOf } from '@sms/contracts/languages';
import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { i18n, loadNamespaces, loadStartLanguage } from '../lib/i18n/i18n';
import { LANGUAGE_KEY } from '../lib/i18n/language';
import { validStoredSession } from '../lib/auth/session-storage';
import { serverState, type ServerState } from '../lib/server-rendering/server-state';
import { emotionCache } from '../lib/theme/emotion-cache';
import { CUSTOMIZER_KEY } from '../lib/theme/customizer-settings';
import { PUBLIC_SITE_NAMESPACES, SIGN_IN_NAMESPACES } from './text-sets';
import { App } from '../app/app';
import { preloadFirstRoute } from './first-route';

const stored = (key: string) => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

/**
 * Whether the browser's first render would be the server's: the server renders for a visitor with
 * nothing stored (the language it read from Accept-Language, the customizer's defaults, signed out).
 * Otherwise the app renders afresh over the server's HTML, as it did before there was any.
 */
const rendersAsServer = (server: ServerState) =>
  (stored(LANGUAGE_KEY) ?? server.language) === server.language && stored(CUSTOMIZER_KEY) === null && !validStoredSession();

/**
 * Starts the app in `container`. The first render waits for the language's texts (one file) so no
 * key ever flashes on screen, and for a signed-out first page's code (asked for at the same time),
 * so that it commits that page at once rather than a loader first (decision 047). Until then
 * index.html's neutral loader shows. The render is a transition: React then works in slices and
 * yields to the browser between them instead of one long task (decision 038).
 *
 * A public page the server rendered (decision 097) is hydrated: the same language, brand and answers
 * as the server's, its styles taken over by the Emotion cache before React reads the markup.
 *
 * `replacing`: the sign-in entry's root (decision 071), shown until the app is ready; the app then
 * takes the container over in the same task, so no empty frame shows in between.
 */
export async function startApp(container: HTMLElement, replacing?: Root): Promise<void> {
  const server = replacing ? null : serverState();
  if (server) {
    const hydrating = rendersAsServer(server);
    if (hydrating || stored(LANGUAGE_KEY) === null) await i18n.changeLanguage(server.language);
    await Promise.all([
      loadNamespaces([...SIGN_IN_NAMESPACES, ...PUBLIC_SITE_NAMESPACES]).catch(() => undefined),
      preloadFirstRoute(window.location.pathname),
    ]);
    const app = (
      <StrictMode>
        <App server={server} hydrating={hydrating} />
      </StrictMode>
    );
    if (hydrating) {
      emotionCache(directionOf(server.language));
      // A mismatch would be a bug: said loudly, so the browser tests catch it (production React reports it by number only).
      hydrateRoot(container, app, {
        onRecoverableError: (error) => console.error('hydration error:', error instanceof Error ? error.message : error),
      });
    } else startTransition(() => createRoot(container).render(app));
    return;
  }
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
