import { MAX_SALARY } from '../../shared/limits.js';
import { DUMP_PRICE_CENTS } from '../../shared/money.js';
import type { AccountChange, Fill } from '../orderbook/index.js';
import { refusal, type Refusal } from './refusal.js';

/**
 * A contract change rescales every holding of an instrument (a player, or a team whose payroll
 * changed): shares × new/old, rounded down; the open market absorbs the rounding so that the
 * supply equals the new total. The cost basis is kept, so the average buy price scales by old/new.
 */
export interface ScalableHolding {
  userId: number;
  shares: number;
  costBasisCents: number;
}

export interface Rescaled<H extends ScalableHolding> {
  /** Holdings with at least one share left. */
  holdings: H[];
  /** Holdings that rounded down to nothing. */
  removed: H[];
  remaining: number;
}

export function rescaleHoldings<H extends ScalableHolding>(holdings: readonly H[], oldTotal: number, newTotal: number): Rescaled<H> {
  if (!Number.isSafeInteger(oldTotal) || !Number.isSafeInteger(newTotal) || oldTotal <= 0 || newTotal < 0) {
    throw new RangeError(`Cannot rescale from ${oldTotal} to ${newTotal} shares`);
  }
  const kept: H[] = [];
  const removed: H[] = [];
  let held = 0;
  for (const h of holdings) {
    // BigInt keeps shares × newTotal exact beyond 2^53.
    const shares = Number((BigInt(h.shares) * BigInt(newTotal)) / BigInt(oldTotal));
    if (shares > 0) {
      kept.push({ ...h, shares });
      held += shares;
    } else {
      removed.push(h);
    }
  }
  return { holdings: kept, removed, remaining: newTotal - held };
}

export { MAX_SALARY };

/** A salary change names a whole number of dollars from 1 to MAX_SALARY. */
export function validSalary(salary: number): Refusal | null {
  if (Number.isSafeInteger(salary) && salary >= 1 && salary <= MAX_SALARY) return null;
  return refusal('invalid_salary', 'The new salary must be a whole number of dollars from 1 to 1,000,000,000');
}

/** The open market's buy-back price at a retirement: $1.00 a share, as for a dump. */
export const RETIREMENT_PRICE_CENTS = DUMP_PRICE_CENTS;

/**
 * docs/rules.md "Retire": every holder is paid $1.00 a share by the open market, which then holds the
 * whole salary again. As a plan: one fill per holder (the open market buys), each holder's cash up
 * and holding gone, no orders.
 */
export function retirementPayouts(
  holdings: readonly { userId: number; shares: number }[],
  salary: number,
): { fills: Fill[]; accounts: AccountChange[]; remaining: number; newAsk: null; newOffer: null; askUpdates: []; offerUpdates: []; cancelled: null } {
  const held = holdings.filter((h) => h.shares > 0);
  return {
    fills: held.map((h) => ({
      buyerId: null,
      sellerId: h.userId,
      shares: h.shares,
      price: RETIREMENT_PRICE_CENTS,
      askId: null,
      offerId: null,
      standingSell: false,
      escrowRefund: 0,
    })),
    accounts: held.map((h) => ({ userId: h.userId, cash: h.shares * RETIREMENT_PRICE_CENTS, escrow: 0, shares: -h.shares })),
    remaining: salary,
    newAsk: null,
    newOffer: null,
    askUpdates: [],
    offerUpdates: [],
    cancelled: null,
  };
}
