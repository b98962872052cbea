import { route, type RestRoute } from './route.js';

/** Web Push: the server's VAPID key, and the caller's own browser subscriptions with the kinds they opted into. */
export const pushRestRoutes: RestRoute[] = [
  route('push.publicKey', {
    method: 'GET',
    path: '/push/public-key',
    tag: 'push',
    auth: 'none',
    summary: 'The VAPID public key (applicationServerKey) browsers subscribe with',
  }),
  route('push.subscribe', {
    method: 'POST',
    path: '/push/subscriptions',
    tag: 'push',
    auth: 'user',
    summary: 'Save a browser’s push subscription for oneself with the kinds to be told about (orderFilled, outbid, newOffer)',
  }),
  route('push.status', {
    method: 'POST',
    path: '/push/subscriptions/status',
    tag: 'push',
    auth: 'user',
    summary: 'The kinds one’s own subscription at this endpoint opted into (null: none)',
  }),
  route('push.unsubscribe', {
    method: 'DELETE',
    path: '/push/subscriptions',
    tag: 'push',
    auth: 'user',
    summary: 'Remove one’s own subscription at this endpoint: nothing more is sent to it',
  }),
];
