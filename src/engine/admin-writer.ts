import type { TradeReason } from '../shared/instrument.js';
import { CommandRun } from './command-run.js';
import type { InstrumentRef } from './commands.js';
import { rescaleHoldings } from '../domain/market/contracts.js';
import { sharesAfter, type RescaleWrites } from './contracts.js';
import type { GameEvent } from './events.js';
import { writePlanRows, type RowPlan } from './ledger-rows.js';
import type { MarketMemory } from './market-memory.js';
import { tradeCompleted } from './plan-events.js';
import { keyOf } from './read-models/instruments.js';

/** The trades an admin's change makes (a retirement's payouts), written and told like an order's. */
export type AdminPlan = RowPlan;

/** What an admin's change may write through the writer. */
export interface AdminWriter {
  at: number;
  /** Writes a plan on an instrument (ledger rows), its trades marked with `reason`, and returns a tradeCompleted event per trade. */
  write(ref: InstrumentRef, plan: AdminPlan, reason?: TradeReason): GameEvent[];
  /** Cancels these open orders of an instrument as cancel plans on its book: escrow back, rows and events like a holder's own cancel. */
  cancel(ref: InstrumentRef, orders: readonly { id: number; side: 'ask' | 'offer'; userId: number }[]): void;
  /** Puts a user's standing sell of an instrument in line with their holding and membership (after they left or came back). */
  refreshStandingSell(ref: InstrumentRef, userId: number): void;
  /** What the cancels told: the asks and offers changed, the markets, the portfolios. */
  events(): GameEvent[];
  /** Where a rescale writes holdings and the open market's shares: the writer's ledger, which keeps the read models in step. */
  rescale: RescaleWrites;
}

export interface AdminChange<T> {
  result: T;
  events: GameEvent[];
  /** The instruments whose books and read models to rebuild (with their trades, for those marked `traded`); everything when absent. */
  touched?: (InstrumentRef & { traded?: boolean })[];
  /**
   * The change wrote the touched instruments' holdings, orders and open markets through the writer
   * (`cancel`, `write`, `rescale`), so their read models are up to date: only their own rows (a
   * salary, a payroll) and marks are read again, and their books rebuilt from the read models.
   */
  writtenThrough?: boolean;
}

/** Plans of an admin's change go through the same rows and events as an order's plans (ledger-rows.ts, plan-events.ts). */
export function adminWriter(memory: MarketMemory, at: number): AdminWriter {
  const { ledger } = memory;
  const run = new CommandRun(memory, 0, at);
  return {
    at,
    write(ref, plan, reason) {
      const remainingBefore = ledger.instrument(ref.kind, ref.id)?.sharesRemaining ?? plan.remaining;
      const tradeIds = writePlanRows(ledger, ref, plan, { at, remainingBefore, nextSeq: () => ++memory.counters.seq, ...(reason ? { reason } : {}) });
      return plan.fills.map((fill, i) => tradeCompleted(ref, { ...fill, tradeId: tradeIds[i]!, reason: reason ?? null }, ledger, at));
    },
    cancel(ref, orders) {
      const book = memory.book(ref.kind, ref.id);
      if (!book) throw new Error(`No book for ${ref.kind} ${ref.id}`);
      // Asks first: with no ask left, a standing sell that grows back as an offer goes cannot fill anything.
      const asksFirst = [...orders].sort((a, b) => Number(a.side === 'offer') - Number(b.side === 'offer'));
      for (const o of asksFirst) {
        const result = book.plan(
          o.side === 'ask' ? { kind: 'cancelAsk', userId: o.userId, askId: o.id } : { kind: 'cancelOffer', userId: o.userId, offerId: o.id },
        );
        if (!result.ok) throw new Error(`Cancelling ${o.side} ${o.id} refused: ${result.error.message}`);
        run.commit(ref, book, result.plan);
      }
    },
    refreshStandingSell(ref, userId) {
      const book = memory.book(ref.kind, ref.id);
      if (book) run.refreshStandingSell(ref, book, userId);
    },
    events: () => run.finalEvents(),
    rescale: {
      // The holders from the read models (the tables hold the same), their shares rewritten in one go: there may be thousands.
      holdings: (kind, id, oldTotal, newTotal) => {
        const result = rescaleHoldings(memory.models.holdings.holders(keyOf(kind, id)), oldTotal, newTotal);
        ledger.rescaleHoldings(kind, id, oldTotal, newTotal, sharesAfter(result));
        return result.remaining;
      },
      remaining: (kind, id, remaining) => ledger.setRemaining(kind, id, remaining),
    },
  };
}
