/**
 * The order mix every scenario sends: one player's book around a fixed mid price.
 *
 * - 30% marketable: 15% buys priced at the top of the band (they take offers, best first, and
 *   sweep levels), 15% sells priced at the bottom (they take asks). Whatever finds nothing rests.
 * - 20% cancels of a random open order of the sender (the engine alone: of any open order).
 * - 50% resting orders inside the band: 25% asks (buys) below the mid, 25% offers (sells) above.
 *
 * Sizes are 1–50 shares. The band is $0.50 each side of $50.00, so a book holds up to 50 price
 * levels per side, as the book of a traded player would.
 */
import { between } from './rng.js';

export const MID_CENTS = 5_000;
export const BAND_CENTS = 50;
export const MAX_SHARES = 50;

export type Intent = { kind: 'buy' | 'sell'; marketable: boolean; shares: number; priceCents: number } | { kind: 'cancel' };

export function nextIntent(r: () => number): Intent {
  const x = r();
  const shares = between(r, 1, MAX_SHARES);
  if (x < 0.15) return { kind: 'buy', marketable: true, shares, priceCents: MID_CENTS + BAND_CENTS };
  if (x < 0.3) return { kind: 'sell', marketable: true, shares, priceCents: MID_CENTS - BAND_CENTS };
  if (x < 0.5) return { kind: 'cancel' };
  if (x < 0.75) return { kind: 'buy', marketable: false, shares, priceCents: MID_CENTS - between(r, 1, BAND_CENTS) };
  return { kind: 'sell', marketable: false, shares, priceCents: MID_CENTS + between(r, 1, BAND_CENTS) };
}

/** Open orders known to one sender (or to the whole stream), with O(1) random pick and removal. */
export class OpenOrders {
  private readonly items: { side: 'ask' | 'offer'; id: number; userId: number }[] = [];
  private readonly index = new Map<number, number>();

  get size(): number {
    return this.items.length;
  }

  add(side: 'ask' | 'offer', id: number, userId: number): void {
    this.index.set(id, this.items.length);
    this.items.push({ side, id, userId });
  }

  remove(id: number): void {
    const i = this.index.get(id);
    if (i === undefined) return;
    const last = this.items.pop()!;
    this.index.delete(id);
    if (i < this.items.length) {
      this.items[i] = last;
      this.index.set(last.id, i);
    }
  }

  /** A random open order, removed from the set (the caller is about to cancel it). */
  take(r: () => number): { side: 'ask' | 'offer'; id: number; userId: number } | undefined {
    if (this.items.length === 0) return undefined;
    const picked = this.items[Math.floor(r() * this.items.length)]!;
    this.remove(picked.id);
    return picked;
  }
}
