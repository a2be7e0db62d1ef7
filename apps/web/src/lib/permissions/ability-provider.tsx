import { AbilityProvider as CaslAbilityProvider } from '@casl/react';
import { useMemo, type ReactNode } from 'react';
import { useAuth } from '../auth/use-auth';
import { buildAbility } from './ability';

/** Provides the signed-in user's ability (rebuilt whenever the abilities change). */
export function AbilityProvider({ children }: { children: ReactNode }) {
  const { abilities } = useAuth();
  const ability = useMemo(() => buildAbility(abilities), [abilities]);
  return <CaslAbilityProvider value={ability}>{children}</CaslAbilityProvider>;
}
