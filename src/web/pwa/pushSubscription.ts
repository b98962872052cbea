/** This browser's Web Push subscription, through the app's service worker. */

export const NOTIFICATIONS_BLOCKED = 'Notifications are blocked for this site: allow them in the browser’s site settings, then try again.';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** The subscription this browser has, if any. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Asks for permission (once) and subscribes this browser with the server's VAPID key. */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  const existing = await browserSubscription();
  if (existing) return existing;
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(NOTIFICATIONS_BLOCKED);
  await navigator.serviceWorker.ready;
  const reg = await registration();
  if (!reg) throw new Error('The app is still installing on this device: try again in a moment.');
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

/** Removes this browser's subscription on the server (through `removeOnServer`) and in the browser; never fails. */
export async function forgetPushSubscription(removeOnServer: (endpoint: string) => Promise<unknown>): Promise<void> {
  try {
    const sub = await browserSubscription();
    if (!sub) return;
    await removeOnServer(sub.endpoint).catch(() => undefined);
    await sub.unsubscribe();
  } catch {
    // No worker or no permission: there is nothing to forget.
  }
}

/** The subscription as the server takes it. */
export function subscriptionJson(sub: PushSubscription): { endpoint: string; keys: { p256dh: string; auth: string } } {
  const json = sub.toJSON();
  return { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
