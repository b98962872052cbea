import { useEffect, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import './pwa.css';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * "Install": shown only where the browser offers to install the app (it fires beforeinstallprompt),
 * until the fan installs it or says not now.
 */
export function InstallHint() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    if (readStorage(STORAGE_KEYS.installHintDismissed)) return;
    const onOffer = (event: Event) => {
      event.preventDefault();
      setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!offer) return null;
  const install = async () => {
    await offer.prompt();
    await offer.userChoice;
    setOffer(null);
  };
  const dismiss = () => {
    writeStorage(STORAGE_KEYS.installHintDismissed, '1');
    setOffer(null);
  };
  return (
    <aside className="install-hint" aria-label="Install the app" data-testid="install-hint">
      <p>Install Hoops Exchange on this device: it opens like an app, and can tell you when your orders fill.</p>
      <div className="install-hint-actions">
        <button type="button" className="button button-small" onClick={() => void install()}>
          Install
        </button>
        <button type="button" className="button button-small button-secondary" onClick={dismiss}>
          Not now
        </button>
      </div>
    </aside>
  );
}
