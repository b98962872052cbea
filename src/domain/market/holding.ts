/**
 * How a holding grows and shrinks (docs/rules.md "Orders", "Prices and values", "Teams"): what it cost,
 * its default minimum sell price, and the week-long lock on team shares.
 */
import { DEFAULT_TEAM_MIN_SELL_CENTS, defaultMinSellFromCost, scaleRounded } from '../../shared/money.js';
import type { InstrumentKind } from '../../shared/instrument.js';

export const TEAM_LOCK_MS = 7 * 24 * 60 * 60 * 1000;

export interface Holding {
  shares: number;
  /** What the shares held cost, in cents: the average buy price is costBasisCents / shares. */
  costBasisCents: number;
  minSellPriceCents: number;
  /** True once the holder set the minimum sell price: it no longer follows the cost. */
  minSellCustom: boolean;
  /** The standing sell's place in time among the book's sells. */
  minSellSeq: number;
  /** Team holdings only; 0 for players. */
  lockedUntil: number;
}

export const NO_HOLDING: Holding = { shares: 0, costBasisCents: 0, minSellPriceCents: 0, minSellCustom: false, minSellSeq: 0, lockedUntil: 0 };

/** The default minimum sell price: 10% over the average buy price for a player, $2.00 for a team. */
export function defaultMinSell(kind: InstrumentKind, costBasisCents: number, shares: number): number {
  return kind === 'team' ? DEFAULT_TEAM_MIN_SELL_CENTS : defaultMinSellFromCost(costBasisCents, shares);
}

/**
 * A purchase: the cost grows by what was paid, a default minimum price follows it, the standing
 * sell goes to the back (`seq`), and team shares lock for a week from `at`.
 */
export function bought(h: Holding, kind: InstrumentKind, buy: { shares: number; paidCents: number; seq: number; at: number }): Holding {
  const shares = h.shares + buy.shares;
  const costBasisCents = h.costBasisCents + buy.paidCents;
  return {
    shares,
    costBasisCents,
    minSellCustom: h.minSellCustom,
    minSellPriceCents: h.minSellCustom ? h.minSellPriceCents : defaultMinSell(kind, costBasisCents, shares),
    minSellSeq: buy.seq,
    lockedUntil: kind === 'team' ? buy.at + TEAM_LOCK_MS : 0,
  };
}

/** A sale keeps the average buy price: the cost shrinks in proportion (to nothing with the last share). */
export function sold(h: Holding, shares: number): Holding {
  const left = h.shares - shares;
  if (left < 0) throw new RangeError(`A holding of ${h.shares} shares cannot sell ${shares}`);
  return { ...h, shares: left, costBasisCents: left === 0 ? 0 : scaleRounded(h.costBasisCents, left, h.shares) };
}

/** The holder sets the minimum sell price: it stays until set again, and the standing sell goes to the back. */
export function withMinSellPrice(h: Holding, priceCents: number, seq: number): Holding {
  return { ...h, minSellPriceCents: priceCents, minSellCustom: true, minSellSeq: seq };
}

/** Shares that may be listed, dumped or sold automatically: not listed, not locked. */
export function unlistedShares(h: Holding | undefined, listed: number, at: number): number {
  if (!h || h.lockedUntil > at) return 0;
  return h.shares - listed;
}
