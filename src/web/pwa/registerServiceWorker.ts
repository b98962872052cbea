import { toast } from 'sonner';
import { registerSW } from 'virtual:pwa-register';

export const NEW_VERSION_TEXT = 'A new version of Hoops Exchange is ready.';

/**
 * Registers the service worker of the built app (none in development). A new version waits until
 * the fan takes it: it would otherwise swap the cached pages under an open tab, whose lazily loaded
 * pages then no longer match.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh() {
      toast.info(NEW_VERSION_TEXT, {
        id: 'new-version',
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void update(true) },
      });
    },
  });
}
