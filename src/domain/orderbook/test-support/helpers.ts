/** Shorthands for order book tests. */
import { expect } from 'vitest';
import type { BookError, BookErrorCode } from '../errors.js';
import { findBadQuantity, findCrossing } from '../invariants.js';
import type { Command, Fill, OrderBook, Plan, PlanResult, RestingOrder, StandingSell } from '../types.js';

export const ALICE = 1;
export const BOB = 2;
export const CAROL = 3;
export const DAVE = 4;
export const ERIN = 5;

export const RICH = 1_000_000_000;

export function planOk(book: OrderBook, command: Command): Plan {
  const result: PlanResult = book.plan(command);
  if (!result.ok) throw new Error(`expected a plan, got ${result.error.code}: ${result.error.message}`);
  return result.plan;
}

/** Plans, applies, and checks the book is neither crossed nor holding a bad quantity. */
export function run(book: OrderBook, command: Command): Plan {
  const plan = planOk(book, command);
  book.apply(plan);
  const snapshot = book.snapshot();
  expect(findCrossing(snapshot)).toBeNull();
  expect(findBadQuantity(snapshot)).toBeNull();
  return plan;
}

/** Expects a refusal with `code` that leaves the book as it was. */
export function refused(book: OrderBook, command: Command, code: BookErrorCode): BookError {
  const before = book.snapshot();
  const version = book.version;
  const result = book.plan(command);
  if (result.ok) throw new Error(`expected ${code}, got a plan: ${JSON.stringify(result.plan)}`);
  expect(result.error.code).toBe(code);
  expect(result.error.message.length).toBeGreaterThan(10);
  expect(book.snapshot()).toEqual(before);
  expect(book.version).toBe(version);
  return result.error;
}

export const fill = (f: Pick<Fill, 'buyerId' | 'sellerId' | 'shares' | 'price'> & Partial<Fill>): Fill => ({
  askId: null,
  offerId: null,
  standingSell: false,
  escrowRefund: 0,
  ...f,
});

export const order = (id: number, userId: number, price: number, shares: number, seq: number): RestingOrder => ({
  id,
  userId,
  price,
  shares,
  seq,
});

export const standing = (userId: number, price: number, shares: number, seq: number): StandingSell => ({ userId, price, shares, seq });
