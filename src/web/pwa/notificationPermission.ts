import { useSyncExternalStore } from 'react';

/** Whether this site may show notifications: 'default' until the browser has asked. */
export type NotificationPermissionState = 'granted' | 'denied' | 'default' | 'unsupported';

function current(): NotificationPermissionState {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/** Follows the permission as it changes (the site settings, the browser's prompt), through the Permissions API where there is one, else on focus. */
function subscribe(onChange: () => void): () => void {
  let status: PermissionStatus | null = null;
  let gone = false;
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((s) => {
      if (gone) return;
      status = s;
      s.addEventListener('change', onChange);
    })
    .catch(() => undefined);
  window.addEventListener('focus', onChange);
  return () => {
    gone = true;
    status?.removeEventListener('change', onChange);
    window.removeEventListener('focus', onChange);
  };
}

export function useNotificationPermission(): NotificationPermissionState {
  return useSyncExternalStore(subscribe, current, () => 'default');
}

/**
 * How to let this site notify again, in the words of the browser at hand: blocked notifications are
 * allowed again only in the browser's own settings (a page can no longer ask).
 */
export function allowNotificationsSteps(userAgent: string): string[] {
  if (/iPhone|iPad|iPod/.test(userAgent)) {
    return ['Open the iPhone’s Settings, then Notifications.', 'Choose Hoops (the app added to your Home Screen) and turn on Allow Notifications.'];
  }
  if (/Firefox\//.test(userAgent)) {
    return [
      'Click the icon left of the address (the padlock or the crossed-out bell).',
      'Next to “Send notifications”, clear “Blocked”, then reload this page and turn the switch on again.',
    ];
  }
  if (/Safari\//.test(userAgent) && !/Chrome\/|Chromium\/|Edg\//.test(userAgent)) {
    return ['Open Safari’s Settings, then Websites, then Notifications.', 'Set this site to Allow, then reload this page and turn the switch on again.'];
  }
  return [
    'Click the icon left of the address (the padlock or the site settings icon).',
    'Set Notifications to Allow, then reload this page and turn the switch on again.',
  ];
}
