import {
  setTeamMinSellPriceInput,
  teamAskInput,
  teamBidInput,
  teamDeclineAskInput,
  teamDumpInput,
  tradeResult,
} from '../../shared/schemas/trading.js';
import { submit, tradeResultOf } from '../exchange-call.js';
import { orderProcedure, router } from '../trpc.js';
import { assertSelf } from './guards.js';

const team = (id: number) => ({ kind: 'team' as const, id });

/** Team trading (SPEC.md §7): the same exchange as players, with RULES.md's team rules enforced by the engine. */
export const teamTradingRouter = router({
  bid: orderProcedure
    .input(teamBidInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      const out = await submit(ctx.services.exchange, { type: 'buy', userId: ctx.user.id, instrument: team(input.teamId), shares: input.shares, priceCents: input.pricePerShare });
      return tradeResultOf(out, out.bought > 0 ? `Purchased ${out.bought} shares${out.ask ? ' and posted an ask for the rest' : ''}` : 'Ask posted successfully');
    }),

  ask: orderProcedure
    .input(teamAskInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      const out = await submit(ctx.services.exchange, { type: 'listOffer', userId: ctx.user.id, instrument: team(input.teamId), shares: input.shares, priceCents: input.pricePerShare });
      return tradeResultOf(out, out.sold > 0 ? `Sold ${out.sold} shares to waiting bids${out.offer ? ' and posted an offer for the rest' : ''}` : 'Offer posted successfully');
    }),

  dump: orderProcedure
    .input(teamDumpInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      return tradeResultOf(await submit(ctx.services.exchange, { type: 'dump', userId: ctx.user.id, instrument: team(input.teamId), shares: input.shares }), 'Team shares dumped');
    }),

  declineAsk: orderProcedure
    .input(teamDeclineAskInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      return tradeResultOf(await submit(ctx.services.exchange, { type: 'declineAsk', userId: ctx.user.id, askId: input.teamAskId, kind: 'team' }), 'Ask declined');
    }),

  setMinSellPrice: orderProcedure
    .input(setTeamMinSellPriceInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      const out = await submit(ctx.services.exchange, { type: 'setMinSellPrice', userId: ctx.user.id, instrument: team(input.teamId), priceCents: input.minSellPrice });
      return tradeResultOf(out, out.sold > 0 ? `Min sell price updated; sold ${out.sold} shares to waiting bids` : 'Min sell price updated');
    }),
});
