import { z } from 'zod';
import { centsToDollars } from '../../shared/money.js';
import { id, shares } from '../../shared/schemas/common.js';
import { minSellPrice, pricePerShare, type CommandResult } from '../../shared/schemas/trading.js';

/**
 * SPEC's trading payloads and answer (docs/api.md §2 Paths), as REST clients send and read them:
 * SPEC's field names, the caller's id in the payload, money in dollars (read into cents once, by the
 * price codecs). The REST shim turns each into a `trade.*` command (routes-trading.ts).
 */

export const specBuy = z.object({ userId: id('User id'), playerId: id('Player id'), shares, pricePerShare });
export const specAcceptAsk = z.object({ sellerId: id('Seller id'), askId: id('Ask id'), shares });
export const specDeclineAsk = z.object({ askId: id('Ask id'), userId: id('User id') });
export const specCancelAsk = specDeclineAsk;
export const specDump = z.object({ userId: id('User id'), playerId: id('Player id'), shares });
export const specPostOffer = specBuy;
export const specAcceptOffer = z.object({ buyerId: id('Buyer id'), offerId: id('Offer id'), shares: shares.optional() });
export const specCancelOffer = z.object({ offerId: id('Offer id'), userId: id('User id') });
export const specMinSellPrice = z.object({ userId: id('User id'), playerId: id('Player id'), minSellPrice });
export const specTeamBid = z.object({ userId: id('User id'), teamId: id('Team id'), shares, pricePerShare });
export const specTeamAsk = specTeamBid;
export const specTeamDump = z.object({ userId: id('User id'), teamId: id('Team id'), shares });
export const specTeamDeclineAsk = z.object({ userId: id('User id'), teamAskId: id('Ask id') });
export const specTeamMinSellPrice = z.object({ userId: id('User id'), teamId: id('Team id'), minSellPrice });

const dollars = z.number();

/** What every SPEC trading path answers: what the caller bought or sold, each fill, and what now rests, in dollars. */
export const specTradeResult = z.object({
  message: z.string(),
  sharesPurchased: z.number().int(),
  sharesSold: z.number().int(),
  fills: z.array(
    z.object({
      tradeId: z.number().int(),
      buyerId: z.number().int().nullable(),
      sellerId: z.number().int().nullable(),
      shares: z.number().int(),
      price_per_share: dollars,
    }),
  ),
  ask: z.object({ askId: z.number().int(), shares: z.number().int(), price_per_share: dollars }).nullable(),
  offer: z.object({ offerId: z.number().int(), shares: z.number().int(), price_per_share: dollars }).nullable(),
});
export type SpecTradeResult = z.infer<typeof specTradeResult>;

/** A trade command's answer in SPEC's words and dollars. */
export function toSpecTradeResult(result: CommandResult): SpecTradeResult {
  return {
    message: result.message,
    sharesPurchased: result.bought,
    sharesSold: result.sold,
    fills: result.fills.map((f) => ({
      tradeId: f.tradeId,
      buyerId: f.buyerId,
      sellerId: f.sellerId,
      shares: f.shares,
      price_per_share: centsToDollars(f.priceCents),
    })),
    ask: result.ask && { askId: result.ask.id, shares: result.ask.shares, price_per_share: centsToDollars(result.ask.priceCents) },
    offer: result.offer && { offerId: result.offer.id, shares: result.offer.shares, price_per_share: centsToDollars(result.offer.priceCents) },
  };
}
