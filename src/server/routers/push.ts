import {
  pushEndpointInput,
  pushPublicKeyResult,
  pushStatusResult,
  pushSubscribeResult,
  pushSubscriptionInput,
  pushUnsubscribeInput,
  pushUnsubscribeResult,
} from '../../shared/schemas/push.js';
import { inAccounts } from '../idempotency/once.js';
import { AppError } from '../errors.js';
import { isAllowedPushService, PUSH_SERVICE_REFUSED } from '../push/allow-list.js';
import { authedProcedure, publicProcedure, router, checkedBy } from '../trpc.js';

/**
 * The "Notify me" switches: this browser's subscription with the kinds it opted into. Every call
 * acts for the session's user and the subscriptions they made.
 */
export const pushRouter = router({
  /** The VAPID public key browsers subscribe with. */
  publicKey: publicProcedure.output(checkedBy(pushPublicKeyResult)).query(({ ctx }) => ({ publicKey: ctx.services.vapidPublicKey })),

  /** The kinds this browser's subscription opted into; null when it has none (of the caller's). */
  status: authedProcedure
    .input(pushEndpointInput)
    .output(checkedBy(pushStatusResult))
    .query(({ ctx, input }) => ({ kinds: ctx.services.pushSubscriptions.kinds(ctx.user.id, input.endpoint) })),

  /** Saves this browser's subscription with exactly these kinds. */
  subscribe: authedProcedure
    .input(pushSubscriptionInput)
    .output(checkedBy(pushSubscribeResult))
    .mutation(({ ctx, input, path }) => {
      const { endpoint, keys } = input.subscription;
      if (!isAllowedPushService(endpoint, ctx.services.pushServiceHosts)) throw new AppError('BAD_REQUEST', PUSH_SERVICE_REFUSED);
      return inAccounts(ctx, path, input, () => {
        ctx.services.pushSubscriptions.save(ctx.user.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, input.kinds, ctx.services.now());
        return { kinds: ctx.services.pushSubscriptions.kinds(ctx.user.id, endpoint) ?? [] };
      });
    }),

  /** Removes this browser's subscription: nothing more is sent to it. */
  unsubscribe: authedProcedure
    .input(pushUnsubscribeInput)
    .output(checkedBy(pushUnsubscribeResult))
    .mutation(({ ctx, input, path }) => inAccounts(ctx, path, input, () => ({ removed: ctx.services.pushSubscriptions.remove(ctx.user.id, input.endpoint) }))),
});
