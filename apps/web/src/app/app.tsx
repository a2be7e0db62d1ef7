import { useLayoutEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { setApiNavigator } from '../lib/api-client';
import type { ServerState } from '../lib/server-rendering/server-state';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** A 401 anywhere sends the user to the login page through the router (no full reload). */
export function ApiNavigator() {
  const navigate = useNavigate();
  // A layout effect: set before the pages' queries start, which they do in passive effects.
  useLayoutEffect(() => setApiNavigator((to) => void navigate(to, { replace: true })), [navigate]);
  return null;
}

/** The whole web app. */
export function App({ server = null, hydrating = false }: { server?: ServerState | null; hydrating?: boolean }) {
  return (
    <AppProviders server={server} serverRendered={hydrating}>
      <BrowserRouter>
        <ApiNavigator />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
