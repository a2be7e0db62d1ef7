import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import '../lib/i18n/i18n';
import { AuthContextProvider } from '../lib/auth/auth-provider';
import { BrandProvider } from '../lib/brand/brand-provider';
import { bindQueriesToConnection, CONNECTION_QUERY_DEFAULTS } from '../lib/connection/query-connection';
import { PreferencesAtSignIn } from '../lib/preferences/preferences-at-sign-in';
import { AbilityProvider } from '../lib/permissions/ability-provider';
import { withRevivedErrors, type ServerState } from '../lib/server-rendering/server-state';
import { AppThemeProvider } from '../lib/theme/app-theme-provider';
import { CustomizerProvider } from '../lib/theme/customizer-provider';

// Queries the server cannot serve now wait for it (query-connection.ts); a save or a send fails at
// once instead, with its message, and the form keeps what was typed.
const createQueryClient = (server: ServerState | null) => {
  bindQueriesToConnection();
  const client = new QueryClient({
    defaultOptions: {
      queries: { ...CONNECTION_QUERY_DEFAULTS.queries, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: CONNECTION_QUERY_DEFAULTS.mutations,
    },
  });
  // A page the server rendered: the answers it rendered with, so hydration finds the same page.
  if (server) {
    const state = withRevivedErrors(server.queries);
    hydrate(client, state);
    // A failed answer stays failed (a page switched off, an entry that is not there): a retry on
    // mount would render it loading, not the server's HTML, and React would replace that with a
    // loader. Asking again right after hydration does the same to a part still hydrating; a reload asks again.
    for (const query of failedQueries(state)) client.setQueryDefaults(query, { retryOnMount: false });
  }
  return client;
};

const failedQueries = (state: ServerState['queries']) =>
  state.queries.filter((query) => query.state.status === 'error').map((query) => query.queryKey);

/**
 * Everything the app needs around the router: server state, the brand (outside the session:
 * the sign-in pages show it too), session, permissions, theme.
 */
export function AppProviders({
  children,
  server = null,
  serverRendered = false,
  client,
}: {
  children: ReactNode;
  /** The data a server-rendered page was rendered with (start-app.tsx). */
  server?: ServerState | null;
  /** The markup is the server render's: rendered there, or hydrated here (see the boundary below). */
  serverRendered?: boolean;
  /** The server's render brings its own, to see which queries the page asked for. */
  client?: QueryClient;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient(server));
  const app = (
    <BrandProvider initial={server?.brand}>
      <AuthContextProvider>
        <AbilityProvider>
          <CustomizerProvider>
            <AppThemeProvider>
              <PreferencesAtSignIn />
              {children}
            </AppThemeProvider>
          </CustomizerProvider>
        </AbilityProvider>
      </AuthContextProvider>
    </BrandProvider>
  );
  // A page the server rendered is hydrated below a Suspense boundary: React hydrates what a boundary
  // holds in slices, yielding to the browser between them, where the root's own part is one task (the
  // theme alone takes a phone some 30 ms). A click that comes first hydrates it at once and is then
  // delivered (decision 122). The server renders the same boundary, so the markup matches. Only then: a
  // boundary of its own would show nothing, not index.html's loader, while a first render without the server's waits.
  return (
    <QueryClientProvider client={queryClient}>{serverRendered ? <Suspense fallback={null}>{app}</Suspense> : app}</QueryClientProvider>
  );
}
