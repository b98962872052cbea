/**
 * The fast order book: sorted price levels of time-priority queues, orders kept as records in
 * flat arrays (no object per order), hash indexes from id to record. Buys, listings and cancels
 * are planned straight from the records (order-planner.ts), the rest with the PlanBuilder.
 */
import { planOnState } from './book-planner.js';
import { BookState } from './book-state.js';
import { PlanBuilder } from '../plan-builder.js';
import type { BookSnapshot, Command, OrderBook, PlanResult } from '../types.js';

export class FastBook extends BookState implements OrderBook {
  /**
   * A book that lives as long as this module, for the shapes of its parts (indexes, sides, the
   * builder and its account set). At a full GC, V8 frees the shapes (maps) that no live object has
   * any more, and throws away the optimized code built on them: without this, a process that drops
   * all its books (a reload from the database, a test, a benchmark pass) would run the next book
   * in the interpreter until V8 optimizes it again.
   */
  static readonly keepShapes: FastBook = new FastBook();

  /** Scratch for planning, reused by every command: a plan takes its lists and leaves it empty. */
  private readonly builder = new PlanBuilder();

  plan(command: Command): PlanResult {
    const planned = planOnState(this, command, this.builder);
    // The result is made here, small enough for V8 to inline into the caller, where it often
    // needs no object at all: the caller reads `ok` and `plan` and drops it.
    return 'code' in planned ? { ok: false, error: planned } : { ok: true, plan: planned };
  }
}

/** A book, empty or rebuilt from a snapshot (an uncrossed post-command state, as the database holds). */
export const createOrderBook = (snapshot?: BookSnapshot): OrderBook => new FastBook(snapshot);
