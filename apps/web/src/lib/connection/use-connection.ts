import { useSyncExternalStore } from 'react';
import { connection, type ConnectionSnapshot } from './connection-state';

/** The app's connection state; the component renders again when it changes. */
export function useConnection(): ConnectionSnapshot {
  // The server renders and the browser hydrates from the same state: online until a call says otherwise.
  return useSyncExternalStore(connection.subscribe, connection.get, connection.get);
}
