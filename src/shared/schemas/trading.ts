import { z } from 'zod';
import { INSTRUMENT_KINDS } from '../instrument.js';
import { formatCents, MAX_ORDER_PRICE_CENTS, MIN_ORDER_PRICE_CENTS, type Cents } from '../money.js';
import { dollarsAsCents } from './price.js';
import { INVALID_PRICE } from '../texts.js';
import { id, keyed, priceDollars, shares } from './common.js';

/**
 * The trade commands (tRPC `trade.*`): each names its instrument (`{ kind, id }`) or its order, in
 * integer cents. SPEC's paths, field names and dollars live only in the REST shim
 * (server/rest/trading-payloads.ts), which turns them into these.
 */

// ---- Prices as people type them (dollars), read into cents once: the web's forms and the REST shim.

export const pricePerShare = priceDollars('Price per share');

/** docs/rules.md §11 Input: anything but a price of at least $1.00 with at most two decimals is "Invalid price". */
export const minSellPrice = dollarsAsCents({ notANumber: INVALID_PRICE, tooLow: INVALID_PRICE, tooHigh: INVALID_PRICE, tooManyDecimals: INVALID_PRICE });

/** Once parsed, a price is named for its unit. */
export const toPriceCents = <T extends { pricePerShare: Cents }>({ pricePerShare: priceCents, ...rest }: T) => ({ ...rest, priceCents });
export const toMinSellPriceCents = <T extends { minSellPrice: Cents }>({ minSellPrice: minSellPriceCents, ...rest }: T) => ({ ...rest, minSellPriceCents });

// ---- The commands' inputs, in cents.

/** A price in integer cents, from $1.00 to $1,000,000.00, refused with these messages ("Invalid price" for a minimum sell price). */
const centsBetween = (messages: { notANumber: string; notWhole: string; tooLow: string; tooHigh: string }) =>
  z.number({ error: messages.notANumber }).int(messages.notWhole).min(MIN_ORDER_PRICE_CENTS, messages.tooLow).max(MAX_ORDER_PRICE_CENTS, messages.tooHigh);

export const priceCents = centsBetween({
  notANumber: 'Price per share must be a number of cents',
  notWhole: 'Price per share must be a whole number of cents',
  tooLow: `Price per share must be at least ${formatCents(MIN_ORDER_PRICE_CENTS)}`,
  tooHigh: `Price per share must be at most ${formatCents(MAX_ORDER_PRICE_CENTS)}`,
});
export const minSellPriceCents = centsBetween({ notANumber: INVALID_PRICE, notWhole: INVALID_PRICE, tooLow: INVALID_PRICE, tooHigh: INVALID_PRICE });

export const instrumentKind = z.enum(INSTRUMENT_KINDS, { error: 'The kind must be player or team' });
/** What a share is of: `{ kind: 'player', id: 7 }`. */
export const instrumentRef = z.object({ kind: instrumentKind, id: id('Instrument id') });
export type InstrumentRefInput = z.infer<typeof instrumentRef>;

/** Buy: the open market first, then sells at or below the price; the rest rests as an ask. */
export const buyInput = z.object({ instrument: instrumentRef, shares, priceCents, ...keyed });
/** List shares for sale (an offer); waiting asks at or above the price fill at once. */
export const listOfferInput = z.object({ instrument: instrumentRef, shares, priceCents, ...keyed });
/** Sell unlisted shares to the open market at $1.00 each (capped at the holding). */
export const dumpInput = z.object({ instrument: instrumentRef, shares, ...keyed });
/** A holding's minimum sell price. */
export const setMinSellPriceInput = z.object({ instrument: instrumentRef, priceCents: minSellPriceCents, ...keyed });
/** Sell to an ask; `kind`, when given, is the kind of instrument the caller expects the ask to be on. */
export const acceptAskInput = z.object({ askId: id('Ask id'), shares, kind: instrumentKind.optional(), ...keyed });
export const declineAskInput = z.object({ askId: id('Ask id'), kind: instrumentKind.optional(), ...keyed });
export const cancelAskInput = z.object({ askId: id('Ask id'), ...keyed });
/** Buy all of an offer, or `shares` of it. */
export const acceptOfferInput = z.object({ offerId: id('Offer id'), shares: shares.optional(), ...keyed });
export const cancelOfferInput = z.object({ offerId: id('Offer id'), ...keyed });

// ---- What every trade command answers, in cents.

const resting = z.object({ id: z.number().int(), shares: z.number().int(), priceCents: z.number().int() });

export const commandResult = z.object({
  /** For the toast: what happened, numbers formatted ("Purchased 1,000 shares of Stephen Curry for $1,000.00"). */
  message: z.string(),
  /** A second sentence with the figures where the message is SPEC's bare text ("Shares dumped"); null when there is nothing to add. */
  detail: z.string().nullable(),
  instrument: instrumentRef.extend({ name: z.string() }),
  /** Shares the caller bought and sold, over every fill. */
  bought: z.number().int(),
  sold: z.number().int(),
  fills: z.array(
    z.object({
      tradeId: z.number().int(),
      buyerId: z.number().int().nullable(),
      sellerId: z.number().int().nullable(),
      shares: z.number().int(),
      priceCents: z.number().int(),
    }),
  ),
  /** The caller's order now resting, if the command posted one. */
  ask: resting.nullable(),
  offer: resting.nullable(),
  /** The caller's holding afterwards (null: none): its minimum sell price, and whether it is the default. */
  holding: z.object({ shares: z.number().int(), minSellPriceCents: z.number().int(), minSellIsDefault: z.boolean(), lockedUntil: z.number().int() }).nullable(),
});
export type CommandResult = z.infer<typeof commandResult>;
