import type { z } from 'zod';
import type { ExchangeCommand, ExchangeOutcome } from '../../engine/commands.js';
import { tradeResult } from '../../shared/schemas/trading.js';
import { submit, tradeResultOf } from '../exchange-call.js';
import { orderMutation } from '../trpc.js';
import { assertSelf } from './guards.js';
import { TOAST } from '../../shared/texts.js';

/**
 * A trading call: the payload names the user it acts for (which must be the caller), becomes one
 * exchange command, and is answered with what happened and a message for the toast.
 */
export function tradeMutation<I extends z.ZodType<object>>(
  input: I,
  actsFor: (input: z.output<I>) => number,
  command: (userId: number, input: z.output<I>) => ExchangeCommand,
  message: string | ((outcome: ExchangeOutcome) => string),
) {
  return orderMutation(input, tradeResult, async ({ ctx, input: payload }) => {
    const parsed = payload as z.output<I>;
    assertSelf(ctx, actsFor(parsed));
    const outcome = await submit(ctx.services.exchange, command(ctx.user.id, parsed));
    return tradeResultOf(outcome, typeof message === 'string' ? message : message(outcome));
  });
}

/** Texts (docs/screens.md §4 Texts) for what a buy or a listing did. */
export const boughtMessage = (out: ExchangeOutcome) =>
  out.bought > 0 ? `Purchased ${out.bought} shares${out.ask ? ' and posted an ask for the rest' : ''}` : TOAST.askPosted;
export const listedMessage = (out: ExchangeOutcome) =>
  out.sold > 0 ? `Sold ${out.sold} shares to waiting bids${out.offer ? ' and posted an offer for the rest' : ''}` : TOAST.offerPosted;
export const minSellMessage = (out: ExchangeOutcome) =>
  out.sold > 0 ? `Min sell price updated; sold ${out.sold} shares to waiting bids` : TOAST.minSellPriceUpdated;
