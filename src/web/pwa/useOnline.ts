import { useSyncExternalStore } from 'react';
import { isOnline, subscribeConnectivity } from './connectivity';

/** Whether the game's server can be reached (see connectivity.ts). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}
