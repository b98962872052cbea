/** Who declined which open ask: hidden from those holders only (docs/rules.md §4 Matching). */
export class Declines {
  private readonly byUser = new Map<number, Set<number>>();
  private readonly byAsk = new Map<number, Set<number>>();

  add(askId: number, userId: number): void {
    let asks = this.byUser.get(userId);
    if (!asks) this.byUser.set(userId, (asks = new Set()));
    asks.add(askId);
    let users = this.byAsk.get(askId);
    if (!users) this.byAsk.set(askId, (users = new Set()));
    users.add(userId);
  }

  has(askId: number, userId: number): boolean {
    return this.byUser.get(userId)?.has(askId) ?? false;
  }

  /** Open asks the user declined. */
  ofUser(userId: number): ReadonlySet<number> {
    return this.byUser.get(userId) ?? new Set();
  }

  /** The ask left the book: its declines no longer hide anything. */
  closeAsk(askId: number): void {
    const users = this.byAsk.get(askId);
    if (!users) return;
    for (const userId of users) {
      const asks = this.byUser.get(userId)!;
      asks.delete(askId);
      if (asks.size === 0) this.byUser.delete(userId);
    }
    this.byAsk.delete(askId);
  }
}
