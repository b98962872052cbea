import { useQueryClient } from '@tanstack/react-query';
import { newestAnswerAt } from './queryPersistence';
import { useOnline } from './useOnline';

export const OFFLINE_TITLE = 'You are offline';

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** "Offline — prices as of 12:02": when the figures on screen came (today's as a time, older ones with their date). */
export function offlineAsOfText(at: number, now = Date.now()): string {
  const when = new Date(at);
  const sameDay = when.toDateString() === new Date(now).toDateString();
  const date = sameDay ? '' : `${when.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}, `;
  return `Offline — prices as of ${date}${clock.format(when)}`;
}

/**
 * Shown above the page while the network is down: the app still opens (the service worker keeps
 * it), and the pages show the answers they last had (queryPersistence.ts), marked as of when.
 */
export function OfflineNotice() {
  const online = useOnline();
  const queryClient = useQueryClient();
  if (online) return null;
  const asOf = newestAnswerAt(queryClient);
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      {asOf !== null ? (
        <>
          <strong>{offlineAsOfText(asOf)}.</strong> {OFFLINE_TITLE}: trading waits for a connection, and everything updates by itself when you reconnect.
        </>
      ) : (
        <>
          <strong>{OFFLINE_TITLE}.</strong> Prices, trades and your portfolio need a connection; they come back by themselves when you reconnect.
        </>
      )}
    </div>
  );
}
