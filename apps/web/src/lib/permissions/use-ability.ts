import { useAbility as useCaslAbility } from '@casl/react';
import type { AppAbility } from './ability';

/** The current ability: `useAbility().can('update', 'User')`. Re-renders when rules change. */
export function useAbility(): AppAbility {
  return useCaslAbility<AppAbility>();
}
