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
} from '../../shared/schemas/trading.js';
import { router } from '../trpc.js';
import { boughtMessage, listedMessage, minSellMessage, tradeMutation } from './trade-mutation.js';
import { TOAST } from '../../shared/texts.js';

const player = (id: number) => ({ kind: 'player' as const, id });

/** Player trading (docs/api.md §2 Paths): every call acts for the session's user only and goes through the exchange. */
export const tradingRouter = router({
  ask: tradeMutation(
    tradeAskInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'buy', userId, instrument: player(i.playerId), shares: i.shares, priceCents: i.priceCents }),
    boughtMessage,
  ),
  acceptAsk: tradeMutation(
    acceptAskInput,
    (i) => i.sellerId,
    (userId, i) => ({ type: 'acceptAsk', userId, askId: i.askId, shares: i.shares }),
    TOAST.askAccepted,
  ),
  declineAsk: tradeMutation(
    declineAskInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'declineAsk', userId, askId: i.askId }),
    TOAST.askDeclined,
  ),
  cancelAsk: tradeMutation(
    cancelAskInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'cancelAsk', userId, askId: i.askId }),
    TOAST.askCancelled,
  ),
  dump: tradeMutation(
    dumpInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'dump', userId, instrument: player(i.playerId), shares: i.shares }),
    TOAST.sharesDumped,
  ),
  postOffer: tradeMutation(
    postOfferInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'listOffer', userId, instrument: player(i.playerId), shares: i.shares, priceCents: i.priceCents }),
    listedMessage,
  ),
  acceptOffer: tradeMutation(
    acceptOfferInput,
    (i) => i.buyerId,
    (userId, i) => ({ type: 'acceptOffer', userId, offerId: i.offerId, shares: i.shares }),
    TOAST.offerAccepted,
  ),
  cancelOffer: tradeMutation(
    cancelOfferInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'cancelOffer', userId, offerId: i.offerId }),
    TOAST.offerCancelled,
  ),
  setMinSellPrice: tradeMutation(
    setMinSellPriceInput,
    (i) => i.userId,
    (userId, i) => ({ type: 'setMinSellPrice', userId, instrument: player(i.playerId), priceCents: i.minSellPriceCents }),
    minSellMessage,
  ),
});
