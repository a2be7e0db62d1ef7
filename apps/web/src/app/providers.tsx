import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import '../lib/i18n/i18n';
import { ApiError } from '../lib/api-client';
import { AuthContextProvider } from '../lib/auth/auth-provider';
import { BrandProvider } from '../lib/brand/brand-provider';
import { PreferencesAtSignIn } from '../lib/preferences/preferences-at-sign-in';
import { AbilityProvider } from '../lib/permissions/ability-provider';
import { AppThemeProvider } from '../lib/theme/app-theme-provider';
import { CustomizerProvider } from '../lib/theme/customizer-provider';

/** Client errors (4xx) will not change on retry; transport and 5xx errors get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/**
 * Everything the app needs around the router: server state, the brand (outside the session:
 * the sign-in pages show it too), session, permissions, theme.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrandProvider>
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
    </QueryClientProvider>
  );
}
