import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstRoute } from './app/first-route';
import { loadStartLanguage } from './lib/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const firstRoute = preloadFirstRoute(window.location.pathname);

// The first render waits for the language's texts (one file) so no key ever flashes on screen, and
// for a signed-out first page's code (asked for at the same time), so that it commits that page at
// once rather than a loader first (decision 047). Until then index.html's neutral loader shows. The
// render is a transition: React then works in slices and yields to the browser between them
// instead of one long task (decision 038).
void Promise.all([loadStartLanguage().catch(() => undefined), firstRoute]).then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
