import { z } from 'zod';
import { CENTS_PER_DOLLAR, hasAtMostTwoDecimals } from '../money.js';
import { id, priceDollars, shares } from './common.js';

/** Inputs of the player trading calls of SPEC.md §7; prices arrive in dollars and leave as integer cents. */

const pricePerShare = priceDollars('Price per share');

export const tradeAskInput = z.object({ userId: id('User id'), playerId: id('Player id'), shares, pricePerShare });
export const acceptAskInput = z.object({ sellerId: id('Seller id'), askId: id('Ask id'), shares });
export const declineAskInput = z.object({ askId: id('Ask id'), userId: id('User id') });
export const cancelAskInput = declineAskInput;
export const dumpInput = z.object({ userId: id('User id'), playerId: id('Player id'), shares });
export const postOfferInput = z.object({ userId: id('User id'), playerId: id('Player id'), shares, pricePerShare });
export const acceptOfferInput = z.object({ buyerId: id('Buyer id'), offerId: id('Offer id'), shares: shares.optional() });
export const cancelOfferInput = z.object({ offerId: id('Offer id'), userId: id('User id') });

/** SPEC.md §5: anything but a price of at least $1.00 with at most two decimals is "Invalid price". */
export const minSellPrice = z
  .number({ error: 'Invalid price' })
  .refine((v) => v >= 1 && v <= 1_000_000 && hasAtMostTwoDecimals(v), 'Invalid price')
  .transform((v) => Math.round(v * CENTS_PER_DOLLAR));
export const setMinSellPriceInput = z.object({ userId: id('User id'), playerId: id('Player id'), minSellPrice });

const dollars = z.number();

export const fillOut = z.object({
  tradeId: z.number().int(),
  buyerId: z.number().int().nullable(),
  sellerId: z.number().int().nullable(),
  shares: z.number().int(),
  price_per_share: dollars,
});

/** What every trading call answers: what the caller bought or sold, each fill, and what now rests. */
export const tradeResult = z.object({
  message: z.string(),
  sharesPurchased: z.number().int(),
  sharesSold: z.number().int(),
  fills: z.array(fillOut),
  ask: z.object({ askId: z.number().int(), shares: z.number().int(), price_per_share: dollars }).nullable(),
  offer: z.object({ offerId: z.number().int(), shares: z.number().int(), price_per_share: dollars }).nullable(),
});
export type TradeResult = z.infer<typeof tradeResult>;

export const teamBidInput = z.object({ userId: id('User id'), teamId: id('Team id'), shares, pricePerShare });
export const teamAskInput = teamBidInput;
export const teamDumpInput = z.object({ userId: id('User id'), teamId: id('Team id'), shares });
export const teamDeclineAskInput = z.object({ userId: id('User id'), teamAskId: id('Ask id') });
export const setTeamMinSellPriceInput = z.object({ userId: id('User id'), teamId: id('Team id'), minSellPrice });
