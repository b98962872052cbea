import {
  acceptAskInput,
  acceptOfferInput,
  cancelAskInput,
  cancelOfferInput,
  declineAskInput,
  dumpInput,
  postOfferInput,
  setMinSellPriceInput,
  tradeAskInput,
  tradeResult,
} from '../../shared/schemas/trading.js';
import { submit, tradeResultOf } from '../exchange-call.js';
import { orderProcedure, router } from '../trpc.js';
import { assertSelf } from './guards.js';

const player = (id: number) => ({ kind: 'player' as const, id });

/** Player trading (SPEC.md §7): every call acts for the session's user only and goes through the exchange. */
export const tradingRouter = router({
  ask: orderProcedure
    .input(tradeAskInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      const out = await submit(ctx.services.exchange, { type: 'buy', userId: ctx.user.id, instrument: player(input.playerId), shares: input.shares, priceCents: input.pricePerShare });
      const message =
        out.bought > 0
          ? `Purchased ${out.bought} shares${out.ask ? ' and posted an ask for the rest' : ''}`
          : 'Ask posted successfully';
      return tradeResultOf(out, message);
    }),

  acceptAsk: orderProcedure
    .input(acceptAskInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.sellerId);
      return tradeResultOf(await submit(ctx.services.exchange, { type: 'acceptAsk', userId: ctx.user.id, askId: input.askId, shares: input.shares }), 'Ask accepted');
    }),

  declineAsk: orderProcedure
    .input(declineAskInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      return tradeResultOf(await submit(ctx.services.exchange, { type: 'declineAsk', userId: ctx.user.id, askId: input.askId }), 'Ask declined');
    }),

  cancelAsk: orderProcedure
    .input(cancelAskInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      return tradeResultOf(await submit(ctx.services.exchange, { type: 'cancelAsk', userId: ctx.user.id, askId: input.askId }), 'Ask cancelled');
    }),

  dump: orderProcedure
    .input(dumpInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      return tradeResultOf(await submit(ctx.services.exchange, { type: 'dump', userId: ctx.user.id, instrument: player(input.playerId), shares: input.shares }), 'Shares dumped');
    }),

  postOffer: orderProcedure
    .input(postOfferInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      const out = await submit(ctx.services.exchange, { type: 'listOffer', userId: ctx.user.id, instrument: player(input.playerId), shares: input.shares, priceCents: input.pricePerShare });
      const message = out.sold > 0 ? `Sold ${out.sold} shares to waiting bids${out.offer ? ' and posted an offer for the rest' : ''}` : 'Offer posted successfully';
      return tradeResultOf(out, message);
    }),

  acceptOffer: orderProcedure
    .input(acceptOfferInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.buyerId);
      return tradeResultOf(await submit(ctx.services.exchange, { type: 'acceptOffer', userId: ctx.user.id, offerId: input.offerId, shares: input.shares }), 'Offer accepted');
    }),

  cancelOffer: orderProcedure
    .input(cancelOfferInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      return tradeResultOf(await submit(ctx.services.exchange, { type: 'cancelOffer', userId: ctx.user.id, offerId: input.offerId }), 'Offer cancelled');
    }),

  setMinSellPrice: orderProcedure
    .input(setMinSellPriceInput)
    .output(tradeResult)
    .mutation(async ({ ctx, input }) => {
      assertSelf(ctx, input.userId);
      const out = await submit(ctx.services.exchange, { type: 'setMinSellPrice', userId: ctx.user.id, instrument: player(input.playerId), priceCents: input.minSellPrice });
      return tradeResultOf(out, out.sold > 0 ? `Min sell price updated; sold ${out.sold} shares to waiting bids` : 'Min sell price updated');
    }),
});
