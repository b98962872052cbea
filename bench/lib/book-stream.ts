/**
 * The engine-alone order stream: N commands for one book, built once before any timing so the
 * timed loops only plan and apply. Cancels name orders that are open at that point of the stream
 * (the stream is replayed on a fresh book, deterministically, so they still are when timed).
 */
import { createOrderBook, type Command } from '../../src/domain/orderbook/index.js';
import { nextIntent, OpenOrders } from './mix.js';
import { between, rng } from './rng.js';

/** Enough that a buy never fails for cash and a sell never fails for shares: the engine checks those, not the book. */
const CASH = 1_000_000_000_000;
const UNLISTED = 1_000_000_000;

export interface BookStream {
  commands: Command[];
  counts: { marketableBuy: number; marketableSell: number; restingBuy: number; restingSell: number; cancel: number; fills: number };
  /** Orders resting in the book: at the end, on average over the stream, at most. */
  open: { end: number; mean: number; max: number };
}

export function buildBookStream(n: number, users: number, seed = 7): BookStream {
  const r = rng(seed);
  const book = createOrderBook();
  const open = new OpenOrders();
  const commands: Command[] = [];
  const counts = { marketableBuy: 0, marketableSell: 0, restingBuy: 0, restingSell: 0, cancel: 0, fills: 0 };
  let id = 0;
  let openSum = 0;
  let openMax = 0;
  while (commands.length < n) {
    const intent = nextIntent(r);
    let command: Command;
    if (intent.kind === 'cancel') {
      const target = open.take(r);
      if (!target) continue;
      command =
        target.side === 'ask'
          ? { kind: 'cancelAsk', userId: target.userId, askId: target.id }
          : { kind: 'cancelOffer', userId: target.userId, offerId: target.id };
      counts.cancel++;
    } else {
      const userId = between(r, 1, users);
      id++;
      command =
        intent.kind === 'buy'
          ? { kind: 'buy', userId, shares: intent.shares, price: intent.priceCents, cash: CASH, orderId: id, seq: id }
          : { kind: 'listOffer', userId, shares: intent.shares, price: intent.priceCents, unlisted: UNLISTED, orderId: id, seq: id };
      counts[intent.kind === 'buy' ? (intent.marketable ? 'marketableBuy' : 'restingBuy') : intent.marketable ? 'marketableSell' : 'restingSell']++;
    }
    const result = book.plan(command);
    if (!result.ok) throw new Error(`stream command refused: ${result.error.message}`);
    const plan = result.plan;
    book.apply(plan);
    counts.fills += plan.fills.length;
    for (const u of plan.askUpdates) if (u.shares === 0) open.remove(u.id);
    for (const u of plan.offerUpdates) if (u.shares === 0) open.remove(u.id);
    if (plan.newAsk) open.add('ask', plan.newAsk.id, plan.newAsk.userId);
    if (plan.newOffer) open.add('offer', plan.newOffer.id, plan.newOffer.userId);
    commands.push(command);
    openSum += open.size;
    if (open.size > openMax) openMax = open.size;
  }
  return { commands, counts, open: { end: open.size, mean: openSum / commands.length, max: openMax } };
}
