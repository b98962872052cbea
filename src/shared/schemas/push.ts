import { z } from 'zod';
import { PUSH_KINDS } from '../push.js';
import { keyed } from './common.js';

/** The calls of the "Notify me" switches: a browser's Web Push subscription and the kinds it opted into. */

export const pushKind = z.enum(PUSH_KINDS);

const base64url = (label: string, min: number, max: number) =>
  z
    .string()
    .min(min, `${label} is too short`)
    .max(max, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} must be base64url`);

export const pushEndpoint = z.url({ protocol: /^https$/, error: 'The push endpoint must be an https:// URL' }).max(2048, 'The push endpoint is too long');

export const pushSubscriptionInput = z.object({
  subscription: z.object({
    endpoint: pushEndpoint,
    keys: z.object({
      /** The browser's P-256 public key (65 bytes). */
      p256dh: base64url('The p256dh key', 80, 100),
      /** The browser's auth secret (16 bytes). */
      auth: base64url('The auth secret', 16, 32),
    }),
  }),
  kinds: z.array(pushKind).min(1, 'Choose at least one kind of notification').max(PUSH_KINDS.length),
  ...keyed,
});

export const pushEndpointInput = z.object({ endpoint: pushEndpoint });
export const pushUnsubscribeInput = pushEndpointInput.extend(keyed);

export const pushPublicKeyResult = z.object({ publicKey: z.string() });
export const pushStatusResult = z.object({ kinds: z.array(pushKind).nullable() });
export const pushSubscribeResult = z.object({ kinds: z.array(pushKind) });
export const pushUnsubscribeResult = z.object({ removed: z.boolean() });
