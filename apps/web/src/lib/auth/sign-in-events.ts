import type { User } from '@sms/contracts/users';

type Listener = (user: User) => void;
const listeners = new Set<Listener>();

/**
 * Called when a session starts by signing in (not when a stored session is restored), e.g. to
 * apply the account's saved preferences. Answers the unsubscribe function.
 */
export function onSignedIn(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener that `user` just signed in. */
export function emitSignedIn(user: User): void {
  for (const listener of listeners) listener(user);
}
