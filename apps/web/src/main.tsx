import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadStartLanguage } from './lib/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The first render waits for the language's texts (one file) so no key ever flashes on screen.
void loadStartLanguage()
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
