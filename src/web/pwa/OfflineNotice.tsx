import { useOnline } from './useOnline';

export const OFFLINE_TITLE = 'You are offline';

/** Shown above the page while the network is down: the app still opens (the service worker keeps it), the market does not. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      <strong>{OFFLINE_TITLE}.</strong> Prices, trades and your portfolio need a connection; they come back by themselves when you reconnect.
    </div>
  );
}
