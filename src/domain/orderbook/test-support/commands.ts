/** Command shorthands for tests, with plenty of cash and fresh ids unless told otherwise. */
import type { AcceptAskCommand, AcceptOfferCommand, BuyCommand, DumpCommand, ListOfferCommand, SetStandingSellCommand } from '../types.js';
import { RICH } from './helpers.js';

export const buy = (userId: number, shares: number, price: number, more: Partial<BuyCommand> = {}): BuyCommand => ({
  kind: 'buy',
  userId,
  shares,
  price,
  cash: RICH,
  orderId: 100,
  seq: 100,
  ...more,
});

export const listOffer = (userId: number, shares: number, price: number, more: Partial<ListOfferCommand> = {}): ListOfferCommand => ({
  kind: 'listOffer',
  userId,
  shares,
  price,
  unlisted: 1000,
  orderId: 100,
  seq: 100,
  ...more,
});

export const setStandingSell = (userId: number, price: number, shares: number, seq = 100): SetStandingSellCommand => ({
  kind: 'setStandingSell',
  userId,
  price,
  shares,
  seq,
});

export const acceptAsk = (userId: number, askId: number, shares: number, unlisted = 1000): AcceptAskCommand => ({
  kind: 'acceptAsk',
  userId,
  askId,
  shares,
  unlisted,
});

export const acceptOffer = (userId: number, offerId: number, more: Partial<AcceptOfferCommand> = {}): AcceptOfferCommand => ({
  kind: 'acceptOffer',
  userId,
  offerId,
  cash: RICH,
  ...more,
});

export const dump = (userId: number, shares: number, unlisted: number): DumpCommand => ({ kind: 'dump', userId, shares, unlisted });
