/** Why a command was refused. Refusals are values with a message a person can read. */
import { formatCount, formatShares } from '../../shared/counts.js';
import { formatCents, MIN_ORDER_PRICE_CENTS, type UnbrandedCents as Cents } from '../../shared/money.js';

export type BookErrorCode =
  | 'invalid_shares'
  | 'invalid_price'
  | 'invalid_amount'
  | 'duplicate_order_id'
  | 'insufficient_cash'
  | 'insufficient_shares'
  | 'nothing_to_sell'
  | 'ask_not_found'
  | 'offer_not_found'
  | 'own_ask'
  | 'own_offer'
  | 'not_your_ask'
  | 'not_your_offer';

export interface BookError {
  readonly code: BookErrorCode;
  readonly message: string;
}

const err = (code: BookErrorCode, message: string): BookError => ({ code, message });
/** An order's id (types.ts's OrderId), named here without importing the types that name this file's errors. */
type OrderId = number;

export const bookErrors = {
  invalidShares: (shares: number) => err('invalid_shares', `Shares must be a whole number of at least 1 (got ${shares}).`),
  invalidPrice: (price: number) =>
    err('invalid_price', `Price must be a whole number of cents of at least ${formatCents(MIN_ORDER_PRICE_CENTS)} (got ${price} cents).`),
  invalidAmount: (what: string, value: number) => err('invalid_amount', `${what} must be a whole number of at least 0 (got ${value}).`),
  tooLarge: (shares: number, price: Cents) => err('invalid_amount', `${formatShares(shares)} at ${formatCents(price)} is too large an order.`),
  duplicateOrderId: (kind: 'ask' | 'offer', id: OrderId) => err('duplicate_order_id', `An ${kind} with id ${id} is already open.`),
  insufficientCash: (shares: number, price: Cents, cash: Cents) =>
    err(
      'insufficient_cash',
      `Not enough cash: ${formatShares(shares)} at ${formatCents(price)} need ${formatCents(shares * price)}, available ${formatCents(cash)}.`,
    ),
  insufficientShares: (shares: number, unlisted: number) =>
    err('insufficient_shares', `You have ${formatCount(unlisted)} unlisted shares, so you cannot list ${formatCount(shares)}.`),
  nothingToSell: () => err('nothing_to_sell', 'You have no unlisted shares to sell.'),
  askNotFound: (id: OrderId) => err('ask_not_found', `Ask ${id} is not open: it was filled, cancelled or never existed.`),
  offerNotFound: (id: OrderId) => err('offer_not_found', `Offer ${id} is not open: it was bought, cancelled or never existed.`),
  ownAsk: () => err('own_ask', 'You cannot sell to your own ask.'),
  ownOffer: () => err('own_offer', 'You cannot buy your own offer.'),
  notYourAsk: (id: OrderId) => err('not_your_ask', `Only the buyer who posted ask ${id} can cancel it.`),
  notYourOffer: (id: OrderId) => err('not_your_offer', `Only the seller who posted offer ${id} can cancel it.`),
};
