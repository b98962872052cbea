import { z } from 'zod';
import type { Cents } from '../money.js';
import { dollarsAsCents } from './price.js';
import { INVALID_PRICE } from '../texts.js';
import { id, priceDollars, shares } from './common.js';

/**
 * Inputs of the trading calls of docs/api.md §2 Paths. The wire names docs/api.md gives carry dollars
 * (`pricePerShare`, `minSellPrice`); once parsed they are integer cents named for their unit.
 */

export const pricePerShare = priceDollars('Price per share');

/** docs/rules.md §11 Input: anything but a price of at least $1.00 with at most two decimals is "Invalid price". */
export const minSellPrice = dollarsAsCents({ notANumber: INVALID_PRICE, tooLow: INVALID_PRICE, tooHigh: INVALID_PRICE, tooManyDecimals: INVALID_PRICE });

/** Once parsed, a price is named for its unit. */
export const toPriceCents = <T extends { pricePerShare: Cents }>({ pricePerShare: priceCents, ...rest }: T) => ({ ...rest, priceCents });
export const toMinSellPriceCents = <T extends { minSellPrice: Cents }>({ minSellPrice: minSellPriceCents, ...rest }: T) => ({ ...rest, minSellPriceCents });

/** The fields of a buy or a listing that a form fills in: `{ shares, pricePerShare }` in, `{ shares, priceCents }` out. */
export const orderFields = z.object({ shares, pricePerShare }).transform(toPriceCents);

export const tradeAskInput = z.object({ userId: id('User id'), playerId: id('Player id'), shares, pricePerShare }).transform(toPriceCents);
export const acceptAskInput = z.object({ sellerId: id('Seller id'), askId: id('Ask id'), shares });
export const declineAskInput = z.object({ askId: id('Ask id'), userId: id('User id') });
export const cancelAskInput = declineAskInput;
export const dumpInput = z.object({ userId: id('User id'), playerId: id('Player id'), shares });
export const postOfferInput = z.object({ userId: id('User id'), playerId: id('Player id'), shares, pricePerShare }).transform(toPriceCents);
export const acceptOfferInput = z.object({ buyerId: id('Buyer id'), offerId: id('Offer id'), shares: shares.optional() });
export const cancelOfferInput = z.object({ offerId: id('Offer id'), userId: id('User id') });

/** The field a minimum-sell-price form fills in: `{ minSellPrice }` in, `{ minSellPriceCents }` out. */
export const minSellPriceFields = z.object({ minSellPrice }).transform(toMinSellPriceCents);
export const setMinSellPriceInput = z.object({ userId: id('User id'), playerId: id('Player id'), minSellPrice }).transform(toMinSellPriceCents);

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

export const teamBidInput = z.object({ userId: id('User id'), teamId: id('Team id'), shares, pricePerShare }).transform(toPriceCents);
export const teamAskInput = teamBidInput;
export const teamDumpInput = z.object({ userId: id('User id'), teamId: id('Team id'), shares });
export const teamDeclineAskInput = z.object({ userId: id('User id'), teamAskId: id('Ask id') });
export const setTeamMinSellPriceInput = z.object({ userId: id('User id'), teamId: id('Team id'), minSellPrice }).transform(toMinSellPriceCents);
