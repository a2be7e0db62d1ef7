import { useEffect } from 'react';
import { onSignedIn } from '../auth/sign-in-events';
import { usePreferenceApplier } from './apply-preferences';

/** Applies the account's saved preferences whenever a session starts by signing in. Renders nothing. */
export function PreferencesAtSignIn() {
  const apply = usePreferenceApplier();
  useEffect(() => onSignedIn((user) => void apply(user)), [apply]);
  return null;
}
