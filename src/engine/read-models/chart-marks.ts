/** How many of the latest prices' times are kept to answer `still` (more since a mark: not still). */
const KEPT_PRICES = 1024;

/** What a user's chart before now was worked out from: compare it later with `still`. */
export interface ChartMark {
  userId: number;
  userTrades: number;
  changes: number;
  prices: number;
}

/**
 * Tells whether a user's portfolio chart before a time still stands. Its points follow from the
 * user's own trades, the contracts (admin changes), and the marks at or before each point: a mark
 * that moves after the chart's last point changes none of them, so a busy market does not make
 * every chart be worked out again.
 */
export class ChartMarks {
  private readonly tradesOf = new Map<number, number>();
  private changes = 0;
  private prices = 0;
  private readonly priceTimes = new Float64Array(KEPT_PRICES);

  /** A trade: the users' charts change. */
  traded(buyerId: number | null, sellerId: number | null): void {
    for (const userId of [buyerId, sellerId]) if (userId !== null) this.tradesOf.set(userId, (this.tradesOf.get(userId) ?? 0) + 1);
  }

  /** A mark moved at `at`: the charts of its holders from then on change. */
  priced(at: number): void {
    this.priceTimes[this.prices++ % KEPT_PRICES] = at;
  }

  /** A change outside orders (contracts, rosters, an instrument read again): every chart may change. */
  changed(): void {
    this.changes++;
  }

  mark(userId: number): ChartMark {
    return { userId, userTrades: this.tradesOf.get(userId) ?? 0, changes: this.changes, prices: this.prices };
  }

  /** Whether the user's chart points at or before `until`, made at `mark`, are still the same. */
  still(mark: ChartMark, until: number): boolean {
    if (mark.changes !== this.changes || mark.userTrades !== (this.tradesOf.get(mark.userId) ?? 0)) return false;
    if (this.prices - mark.prices > KEPT_PRICES) return false;
    for (let i = mark.prices; i < this.prices; i++) if (this.priceTimes[i % KEPT_PRICES]! <= until) return false;
    return true;
  }
}
