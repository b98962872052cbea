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
