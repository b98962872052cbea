import {
  acceptAskInput,
  acceptOfferInput,
  buyInput,
  cancelAskInput,
  cancelOfferInput,
  declineAskInput,
  dumpInput,
  listOfferInput,
  setMinSellPriceInput,
} from '../../shared/schemas/trading.js';
import { router } from '../trpc.js';
import { tradeCommand } from './trade-command.js';
import { TRADE_WORDS as W } from './trade-words.js';

/**
 * The trade commands (docs/api.md §1, docs/rules.md "Orders", "Matching"), one for players and teams
 * alike: each names its instrument (`{ kind, id }`) or its order, in integer cents, and acts for the
 * session's user only. SPEC's paths and payloads map onto these in the REST shim (rest/routes-trading.ts).
 */
export const tradeRouter = router({
  buy: tradeCommand(buyInput, (userId, i) => ({ type: 'buy', userId, instrument: i.instrument, shares: i.shares, priceCents: i.priceCents }), W.bought),
  listOffer: tradeCommand(
    listOfferInput,
    (userId, i) => ({ type: 'listOffer', userId, instrument: i.instrument, shares: i.shares, priceCents: i.priceCents }),
    W.listed,
  ),
  dump: tradeCommand(dumpInput, (userId, i) => ({ type: 'dump', userId, instrument: i.instrument, shares: i.shares }), W.dumped),
  setMinSellPrice: tradeCommand(
    setMinSellPriceInput,
    (userId, i) => ({ type: 'setMinSellPrice', userId, instrument: i.instrument, priceCents: i.priceCents }),
    W.minSellPriceSet,
  ),
  acceptAsk: tradeCommand(acceptAskInput, (userId, i) => ({ type: 'acceptAsk', userId, askId: i.askId, shares: i.shares, kind: i.kind }), W.askAccepted),
  declineAsk: tradeCommand(declineAskInput, (userId, i) => ({ type: 'declineAsk', userId, askId: i.askId, kind: i.kind }), W.askDeclined),
  cancelAsk: tradeCommand(cancelAskInput, (userId, i) => ({ type: 'cancelAsk', userId, askId: i.askId }), W.askCancelled),
  acceptOffer: tradeCommand(acceptOfferInput, (userId, i) => ({ type: 'acceptOffer', userId, offerId: i.offerId, shares: i.shares }), W.offerAccepted),
  cancelOffer: tradeCommand(cancelOfferInput, (userId, i) => ({ type: 'cancelOffer', userId, offerId: i.offerId }), W.offerCancelled),
});
