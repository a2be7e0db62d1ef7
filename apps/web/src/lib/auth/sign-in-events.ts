import type { User } from '@sms/contracts/users';

type Listener = (user: User) => void;
const listeners = new Set<Listener>();
/** A sign-in no one heard: the sign-in entry signs in before the app that listens has loaded (decision 071). */
let unheard: User | null = null;

/**
 * Called when a session starts by signing in (not when a stored session is restored), e.g. to
 * apply the account's saved preferences. Answers the unsubscribe function.
 */
export function onSignedIn(listener: Listener): () => void {
  listeners.add(listener);
  if (unheard) {
    const user = unheard;
    unheard = null;
    listener(user);
  }
  return () => listeners.delete(listener);
}

/** Tells every listener that `user` just signed in; with none yet, the first one to subscribe hears it. */
export function emitSignedIn(user: User): void {
  if (listeners.size === 0) unheard = user;
  for (const listener of listeners) listener(user);
}
