import { useSyncExternalStore } from 'react';
import { connection, type ConnectionSnapshot } from './connection-state';

/** The app's connection state; the component renders again when it changes. */
export function useConnection(): ConnectionSnapshot {
  return useSyncExternalStore(connection.subscribe, connection.get);
}
