import type { InstrumentRef } from './commands.js';
import type { GameEvent } from './events.js';
import { writePlanRows, type RowPlan } from './ledger-rows.js';
import type { MarketMemory } from './market-memory.js';
import { tradeCompleted } from './plan-events.js';

/** The trades an admin's change makes (a retirement's payouts), written and told like an order's. */
export type AdminPlan = RowPlan;

/** What an admin's change may write through the writer. */
export interface AdminWriter {
  at: number;
  /** Writes a plan on an instrument (ledger rows) and returns a tradeCompleted event per trade. */
  write(ref: InstrumentRef, plan: AdminPlan): GameEvent[];
}

export interface AdminChange<T> {
  result: T;
  events: GameEvent[];
  /** The instruments whose books and read models to rebuild (with their trades, for those marked `traded`); everything when absent. */
  touched?: (InstrumentRef & { traded?: boolean })[];
}

/** Plans of an admin's change go through the same rows and events as an order's plans (ledger-rows.ts, plan-events.ts). */
export function adminWriter(memory: MarketMemory, at: number): AdminWriter {
  const { ledger } = memory;
  return {
    at,
    write(ref, plan) {
      const remainingBefore = ledger.instrument(ref.kind, ref.id)?.sharesRemaining ?? plan.remaining;
      const tradeIds = writePlanRows(ledger, ref, plan, { at, remainingBefore, nextSeq: () => ++memory.counters.seq });
      return plan.fills.map((fill, i) => tradeCompleted(ref, { ...fill, tradeId: tradeIds[i]! }, ledger, at));
    },
  };
}
