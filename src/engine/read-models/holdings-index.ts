import type { InstrumentKind } from '../../db/repos/ledger.js';
import type { HoldingStateRow } from '../../db/repos/market-state.js';
import { insertSorted, lowerBound, moveSorted, removeSorted, type Order } from './sorted.js';

/** A holding as the read side shows it. Cents; `lockedUntil` epoch ms (0 for players). */
export interface HoldingView {
  readonly userId: number;
  readonly kind: InstrumentKind;
  readonly instrumentId: number;
  shares: number;
  costBasisCents: number;
  minSellPriceCents: number;
  /** When the standing sell took its place at its price (its rank among equal prices in the book). */
  minSellSeq: number;
  lockedUntil: number;
}

export interface HolderCursor {
  shares: number;
  userId: number;
}

/** Most shares first, then the lower user id: the first is the top holder. */
export const HOLDERS_FIRST: Order<HolderCursor> = (a, b) => b.shares - a.shares || a.userId - b.userId;

const EMPTY: readonly HoldingView[] = [];

/**
 * Every holding, by instrument (holders in HOLDERS_FIRST order) and by user. Tells `onUserChange`
 * whose holdings changed, and by how many shares of which instrument (null: not known, every
 * holding of the instrument taken out), so that values built on them can follow.
 */
export class HoldingsIndex {
  private readonly byInstrument = new Map<string, HoldingView[]>();
  private readonly byUser = new Map<number, Map<string, HoldingView>>();

  constructor(private readonly onUserChange: (userId: number, key: string, sharesDelta: number | null) => void) {}

  get(key: string, userId: number): HoldingView | undefined {
    return this.byUser.get(userId)?.get(key);
  }

  /** Sets a holding to `state`, or removes it (null, or no shares). */
  set(kind: InstrumentKind, instrumentId: number, userId: number, state: Omit<HoldingView, 'userId' | 'kind' | 'instrumentId'> | null): void {
    const key = `${kind}:${instrumentId}`;
    const current = this.get(key, userId);
    const delta = (state === null || state.shares <= 0 ? 0 : state.shares) - (current?.shares ?? 0);
    if (current) {
      const holders = this.byInstrument.get(key)!;
      if (state === null || state.shares <= 0) {
        removeSorted(holders, current, HOLDERS_FIRST);
        const mine = this.byUser.get(userId)!;
        mine.delete(key);
        if (mine.size === 0) this.byUser.delete(userId);
      } else if (state.shares !== current.shares) {
        moveSorted(holders, current, HOLDERS_FIRST, () => Object.assign(current, state));
      } else {
        Object.assign(current, state);
      }
    } else if (state !== null && state.shares > 0) {
      const h: HoldingView = { userId, kind, instrumentId, ...state };
      let holders = this.byInstrument.get(key);
      if (!holders) this.byInstrument.set(key, (holders = []));
      insertSorted(holders, h, HOLDERS_FIRST);
      let mine = this.byUser.get(userId);
      if (!mine) this.byUser.set(userId, (mine = new Map()));
      mine.set(key, h);
    } else {
      return;
    }
    this.onUserChange(userId, key, delta);
  }

  /**
   * Every holding of an instrument rescaled (a contract change): each holder's shares after (0:
   * gone). Rounding new/old down keeps the holders' order but for ties it makes, so the list is
   * sorted once, not each holder moved.
   */
  rescale(key: string, rescaled: readonly { userId: number; shares: number }[]): void {
    const holders = this.byInstrument.get(key);
    if (!holders) return;
    let removed = false;
    for (const r of rescaled) {
      const current = this.get(key, r.userId);
      if (!current || current.shares === r.shares) continue;
      const delta = Math.max(0, r.shares) - current.shares;
      if (r.shares > 0) current.shares = r.shares;
      else {
        current.shares = 0;
        removed = true;
        const mine = this.byUser.get(r.userId)!;
        mine.delete(key);
        if (mine.size === 0) this.byUser.delete(r.userId);
      }
      this.onUserChange(r.userId, key, delta);
    }
    const kept = removed ? holders.filter((h) => h.shares > 0) : holders;
    kept.sort(HOLDERS_FIRST);
    this.byInstrument.set(key, kept);
  }

  /** Adds holdings of a kind (of instruments it holds none of yet), sorting each instrument's holders once. */
  load(kind: InstrumentKind, rows: readonly HoldingStateRow[]): void {
    const touched = new Set<HoldingView[]>();
    // By number: one string key per instrument, not one per holding.
    const lists = new Map<number, { key: string; holders: HoldingView[] }>();
    for (const r of rows) {
      if (r.shares <= 0) continue;
      const h: HoldingView = {
        userId: r.userId,
        kind,
        instrumentId: r.instrumentId,
        shares: r.shares,
        costBasisCents: r.costBasisCents,
        minSellPriceCents: r.minSellPriceCents,
        minSellSeq: r.minSellSeq,
        lockedUntil: r.lockedUntil,
      };
      let list = lists.get(r.instrumentId);
      if (!list) {
        const key = `${kind}:${r.instrumentId}`;
        let holders = this.byInstrument.get(key);
        if (!holders) this.byInstrument.set(key, (holders = []));
        lists.set(r.instrumentId, (list = { key, holders }));
      }
      const { key, holders } = list;
      holders.push(h);
      touched.add(holders);
      let mine = this.byUser.get(r.userId);
      if (!mine) this.byUser.set(r.userId, (mine = new Map()));
      mine.set(key, h);
    }
    for (const holders of touched) holders.sort(HOLDERS_FIRST);
  }

  /** Every holding of one instrument, taken out (it is being rebuilt). */
  removeInstrument(key: string): void {
    for (const h of this.byInstrument.get(key) ?? []) {
      const mine = this.byUser.get(h.userId);
      mine?.delete(key);
      if (mine?.size === 0) this.byUser.delete(h.userId);
      this.onUserChange(h.userId, key, null);
    }
    this.byInstrument.delete(key);
  }

  holders(key: string): readonly HoldingView[] {
    return this.byInstrument.get(key) ?? EMPTY;
  }

  holderCount(key: string): number {
    return this.byInstrument.get(key)?.length ?? 0;
  }

  /** The largest holder (ties: the lower user id). */
  top(key: string): HoldingView | undefined {
    return this.byInstrument.get(key)?.[0];
  }

  ofUser(userId: number): ReadonlyMap<string, HoldingView> {
    return this.byUser.get(userId) ?? new Map();
  }

  /** Users holding anything. */
  users(): IterableIterator<number> {
    return this.byUser.keys();
  }

  page(key: string, cursor: HolderCursor | null, limit: number): HoldingView[] {
    const list = this.holders(key);
    const from = cursor === null ? 0 : lowerBound(list, cursor, (item, c) => (HOLDERS_FIRST(item, c) <= 0 ? -1 : 1));
    return list.slice(from, from + limit);
  }
}
