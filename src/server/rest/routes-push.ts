import { z } from 'zod';
import { pushEndpointInput, pushPublicKeyResult, pushStatusResult, pushSubscribeResult, pushSubscriptionInput, pushUnsubscribeResult } from '../../shared/schemas/push.js';
import { route, type RestRoute } from './route.js';

/** Web Push: the server's VAPID key, and the caller's own browser subscriptions with the kinds they opted into. */
export const pushRestRoutes: RestRoute[] = [
  route({
    method: 'GET', path: '/push/public-key', tag: 'push', auth: 'none',
    summary: 'The VAPID public key (applicationServerKey) browsers subscribe with',
    input: z.object({}), output: pushPublicKeyResult,
    call: (c) => c.push.publicKey(),
  }),
  route({
    method: 'POST', path: '/push/subscriptions', tag: 'push', auth: 'user',
    summary: 'Save a browser’s push subscription for oneself with the kinds to be told about (orderFilled, outbid, newOffer)',
    input: pushSubscriptionInput, output: pushSubscribeResult,
    call: (c, input) => c.push.subscribe(input),
  }),
  route({
    method: 'POST', path: '/push/subscriptions/status', tag: 'push', auth: 'user',
    summary: 'The kinds one’s own subscription at this endpoint opted into (null: none)',
    input: pushEndpointInput, output: pushStatusResult,
    call: (c, input) => c.push.status(input),
  }),
  route({
    method: 'DELETE', path: '/push/subscriptions', tag: 'push', auth: 'user',
    summary: 'Remove one’s own subscription at this endpoint: nothing more is sent to it',
    input: pushEndpointInput, output: pushUnsubscribeResult,
    call: (c, input) => c.push.unsubscribe(input),
  }),
];
