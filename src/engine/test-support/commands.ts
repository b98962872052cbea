import type { ExchangeCommand, InstrumentRef } from '../commands.js';

/** What a random step of a property test does. */
export type StepAction = 'buy' | 'listOffer' | 'dump' | 'setMinSellPrice' | 'acceptAsk' | 'acceptOffer' | 'cancelAsk' | 'cancelOffer' | 'declineAsk';

/** The side of the open orders an action that names one picks from. */
export const sideOf = (action: StepAction): 'ask' | 'offer' => (action === 'acceptAsk' || action === 'cancelAsk' || action === 'declineAsk' ? 'ask' : 'offer');

/** The command of a step: on `instrument`, or on the open order `orderId` (of `sideOf(action)`). */
export function commandOf(action: StepAction, userId: number, instrument: InstrumentRef, shares: number, priceCents: number, orderId: number): ExchangeCommand {
  switch (action) {
    case 'buy':
    case 'listOffer':
      return { type: action, userId, instrument, shares, priceCents };
    case 'dump':
      return { type: 'dump', userId, instrument, shares };
    case 'setMinSellPrice':
      return { type: 'setMinSellPrice', userId, instrument, priceCents };
    case 'acceptAsk':
      return { type: 'acceptAsk', userId, askId: orderId, shares };
    case 'acceptOffer':
      return { type: 'acceptOffer', userId, offerId: orderId, shares };
    case 'cancelAsk':
      return { type: 'cancelAsk', userId, askId: orderId };
    case 'declineAsk':
      return { type: 'declineAsk', userId, askId: orderId };
    case 'cancelOffer':
      return { type: 'cancelOffer', userId, offerId: orderId };
  }
}
