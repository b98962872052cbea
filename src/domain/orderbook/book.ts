/** The fast order book: sorted price levels of FIFO queues, O(1) lookup and removal by id. */
import { planOnState } from './book-planner.js';
import { BookState } from './book-state.js';
import { PlanBuilder } from './plan-builder.js';
import type { BookSnapshot, Command, OrderBook, PlanResult } from './types.js';

export class FastBook extends BookState implements OrderBook {
  /** Scratch for planning, reused by every command: a plan takes its lists and leaves it empty. */
  private readonly builder = new PlanBuilder();

  plan(command: Command): PlanResult {
    return planOnState(this, command, this.builder);
  }
}

/** A book, empty or rebuilt from a snapshot (an uncrossed post-command state, as the database holds). */
export const createOrderBook = (snapshot?: BookSnapshot): OrderBook => new FastBook(snapshot);
