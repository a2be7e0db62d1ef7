import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SignInShell } from './sign-in-shell';
import type { startApp } from './start-app';
import { validStoredSession } from '../lib/auth/session-storage';
import { BrandProvider } from '../lib/brand/brand-provider';
import { loadWhenReachable } from '../lib/connection/load-when-reachable';
import { loadStartLanguage } from '../lib/i18n/i18n';
import { SIGN_IN_NAMESPACES } from './text-sets';

// The sign-in page's own entry (decision 071): the server sends it for /auth/login. It shows the
// page with React, the texts and plain CSS, and loads the app (MUI, router, query cache) only when
// the visitor goes on: signed in, to the second step, or to another page.

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const container: HTMLElement = root;

/** The app's code, asked for once: on a sign of intent, or when the visitor goes on (again once the server answers, if it could not be reached). */
let appModule: Promise<{ startApp: typeof startApp }> | undefined;
const loadApp = () => (appModule ??= loadWhenReachable(() => import('./start-app')));

/** Opens `to` in the app, which replaces this page once its code and texts are there. */
function leave(shown: Root | undefined, to?: string, replace = false) {
  if (to) window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
  loadApp()
    .then((app) => app.startApp(container, shown))
    // The app's code did not come while the server answers: the server's page for the new address has it.
    .catch(() => {
      if (to) window.location.reload();
    });
}

if (validStoredSession()) {
  // Already signed in: the app sends the visitor on from /auth/login.
  leave(undefined);
} else {
  // No MUI here: a stored locale's MUI labels (all of MUI's locales in one chunk for de-DE) come with the app.
  void loadStartLanguage(SIGN_IN_NAMESPACES, { muiLabels: false })
    .catch(() => undefined)
    .then(() => {
      const signIn = createRoot(container);
      startTransition(() =>
        signIn.render(
          <StrictMode>
            <BrandProvider>
              <SignInShell prepareToLeave={() => void loadApp()} leave={(to, replace) => leave(signIn, to, replace)} />
            </BrandProvider>
          </StrictMode>,
        ),
      );
    });
}
