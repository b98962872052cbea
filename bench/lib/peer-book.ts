/**
 * Issue 7's peer for the engine-alone figure: `nodejs-order-book` (a devDependency, used by the
 * benchmark only), fed the same pre-built stream through a small adapter.
 *
 * Its API (node_modules/nodejs-order-book, README and dist/types): `new OrderBook()`;
 * `limit({ id, side, size, price })` matches against the other side (price-time priority) and
 * rests the remainder, returning `{ done, partial, quantityLeft, err }`; `cancel(id)` returns the
 * removed order or `undefined`. Ids are strings, prices and sizes plain numbers (we pass integer
 * cents and shares). Differences from our book that do not change the work done: it has no
 * standing sells, no open market and no cash checks (the stream needs none of them), and it lets a
 * user's order match the same user's resting order (ours skips those); with 5,000 users this is
 * rare, and the cancels that find their order already gone are counted (`cancelMisses`).
 *
 * The commands are converted before any timing (ids to strings, options objects built once), so
 * the timed loop calls the library and nothing else; `limit` does not modify its options.
 */
import { OrderBook, Side, type LimitOrderOptions } from 'nodejs-order-book';
import type { Command } from '../../src/domain/orderbook/index.js';

export type PeerOp = { limit: LimitOrderOptions; cancel: null } | { limit: null; cancel: string };

export function toPeerOps(commands: readonly Command[]): PeerOp[] {
  return commands.map((c): PeerOp => {
    switch (c.kind) {
      case 'buy':
        return { limit: { id: String(c.orderId), side: Side.BUY, size: c.shares, price: c.price }, cancel: null };
      case 'listOffer':
        return { limit: { id: String(c.orderId), side: Side.SELL, size: c.shares, price: c.price }, cancel: null };
      case 'cancelAsk':
        return { limit: null, cancel: String(c.askId) };
      case 'cancelOffer':
        return { limit: null, cancel: String(c.offerId) };
      default:
        throw new Error(`the engine-alone stream has no ${c.kind} commands`);
    }
  });
}

export interface PeerBook {
  /** Runs one op; false when a cancel found no order (it had been filled). Throws on a refused order. */
  step(op: PeerOp): boolean;
}

export function createPeerBook(): PeerBook {
  const book = new OrderBook();
  return {
    step(op) {
      if (op.cancel !== null) return book.cancel(op.cancel) !== undefined;
      const result = book.limit(op.limit);
      if (result.err) throw new Error(`nodejs-order-book refused order ${op.limit.id}: ${result.err.message}`);
      return true;
    },
  };
}
