import fc from 'fast-check';
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

/** A trade step of the random-trading property tests: one of five users acts on one of the first four items (`tradedLeague`'s). */
export type TradeStep = { op: 'trade'; user: number; item: number; action: StepAction; shares: number; price: number; pick: number };
export const tradeStep: fc.Arbitrary<TradeStep> = fc.record({
  op: fc.constant('trade' as const),
  user: fc.integer({ min: 0, max: 4 }),
  item: fc.integer({ min: 0, max: 3 }),
  action: fc.constantFrom<StepAction>(
    'buy',
    'buy',
    'listOffer',
    'dump',
    'setMinSellPrice',
    'acceptAsk',
    'acceptOffer',
    'cancelAsk',
    'cancelOffer',
    'declineAsk',
  ),
  shares: fc.integer({ min: 1, max: 60 }),
  price: fc.integer({ min: 100, max: 400 }),
  pick: fc.integer({ min: 0, max: 10 }),
});

/** An admin's change of one of the first three players: a salary times a factor, or a retirement. */
export type AdminStep = { op: 'salary'; item: number; factor: number } | { op: 'retire'; item: number };
export const adminSteps: { weight: number; arbitrary: fc.Arbitrary<AdminStep> }[] = [
  { weight: 1, arbitrary: fc.record({ op: fc.constant('salary' as const), item: fc.integer({ min: 0, max: 2 }), factor: fc.constantFrom(0.5, 1.3, 3) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('retire' as const), item: fc.integer({ min: 0, max: 2 }) }) },
];
