import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { formatDateTime } from '../lib/time';
import { oldestShownKeptAt } from './offlineAnswers';
import { useOnline } from './useOnline';
import './pwa.css';

export const OFFLINE_TITLE = 'You are offline';

/** "Offline — prices as of 12:02 PM" (today), or with the date for an older copy. */
export function offlineAsOfText(at: number, now = new Date()): string {
  return `Offline — prices as of ${formatDateTime(new Date(at).toISOString(), now)}`;
}

/** The oldest time among the kept answers the page shows (offlineAnswers.ts), or null when it shows none. */
function useShownKeptAt(): number | null {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  return useSyncExternalStore(
    subscribe,
    () => oldestShownKeptAt(cache),
    () => null,
  );
}

/**
 * Shown above the page while the network is down, or while the page still shows answers kept from
 * before: the app still opens (the service worker keeps it), and the pages show what they last had,
 * marked with the time of the oldest of it: every figure on screen is at least that recent.
 */
export function OfflineNotice() {
  const online = useOnline();
  const keptAt = useShownKeptAt();
  if (online && keptAt === null) return null;
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      {keptAt !== null ? (
        <>
          <strong>{offlineAsOfText(keptAt)}.</strong> {OFFLINE_TITLE}: trading waits for a connection, and everything updates by itself when you reconnect.
        </>
      ) : (
        <>
          <strong>{OFFLINE_TITLE}.</strong> Prices, trades and your portfolio need a connection; they come back by themselves when you reconnect.
        </>
      )}
    </div>
  );
}
