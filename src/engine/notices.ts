import type { GameEvent } from './events.js';

/**
 * The events of a group commit, with each "changed, fetch again" notice (a market, its asks, its
 * offers, one user's portfolio) kept once, at its last place: a batch of 30 commands on one
 * player tells followers once that its market changed, not 30 times. Trades, fills and other
 * events are all kept, in order.
 */
export function withoutRepeatedNotices<E extends GameEvent>(events: readonly E[]): E[] {
  const seen = new Set<string>();
  const kept: E[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    const key =
      e.type === 'marketUpdated' || e.type === 'asksUpdated' || e.type === 'offersUpdated'
        ? `${e.type}:${e.itemType}:${e.itemId}`
        : e.type === 'portfolioUpdated'
          ? `${e.type}:${e.userId}`
          : null;
    if (key !== null) {
      if (seen.has(key)) continue;
      seen.add(key);
    }
    kept.push(e);
  }
  return kept.reverse();
}
