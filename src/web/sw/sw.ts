/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa with Workbox, `injectManifest`): the app shell and
 * its assets are precached, so a second visit starts from the cache, and every route of the app
 * opens offline; what the server answers itself (/api, /trpc, /healthz) goes to the network, with
 * a friendly offline page when that fails. It also shows push notifications.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import type { PushPayload } from '../../shared/push';

declare let self: ServiceWorkerGlobalScope;

const SERVER_PATHS = [/^\/api(\/|$)/, /^\/trpc(\/|$)/, /^\/healthz$/];
const OFFLINE_PAGE = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));
// A page of the server itself (an API answer opened in the tab) comes from the network, or the offline page.
registerRoute(({ request, url }) => request.mode === 'navigate' && SERVER_PATHS.some((p) => p.test(url.pathname)), new NetworkOnly());

// A page that failed while the network is down: the offline page.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

// The page asks for the new version when the fan accepts the "new version" prompt.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

function payloadOf(event: PushEvent): PushPayload | null {
  try {
    return (event.data?.json() as PushPayload | undefined) ?? null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  const title = payload?.title ?? 'Hoops Exchange';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload?.body ?? 'Something happened on the exchange.',
      tag: payload?.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload?.url ?? '/portfolio' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => null);
      } else {
        await self.clients.openWindow(url);
      }
    })(),
  );
});
