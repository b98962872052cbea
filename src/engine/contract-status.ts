import type { Db } from '../db/client.js';
import { createContractReads, type Exposure } from '../db/repos/contract-reads.js';
import { nextDraftFrom } from '../domain/market/draft.js';
import type { InstrumentKind } from '../shared/instrument.js';
import type { Exchange } from './exchange.js';
import { keyOf } from './read-models/instruments.js';

/** What the admin page asks of a running league before a contract change: the draft's dates, what a change would touch. */
export function createContractStatus(db: Db, exchange: Exchange) {
  const reads = createContractReads(db);
  return {
    /** When the league's last draft ran and when the next may (docs/rules.md §8). */
    draftStatus(): { lastDraftAt: number | null; nextDraftFrom: number | null } {
      const lastDraftAt = reads.lastDraftAt();
      return { lastDraftAt, nextDraftFrom: nextDraftFrom(lastDraftAt) };
    },

    /** A player as the admin's confirmations name him: his team and salary; undefined for an unknown id. */
    player(playerId: number): { id: number; name: string; teamId: number; teamName: string; salary: number; retiredAt: number | null } | undefined {
      const m = exchange.readModels();
      const i = m.instruments.get('player', playerId);
      if (!i) return undefined;
      return { id: i.id, name: i.name, teamId: i.teamId, teamName: m.instruments.teamOf(i).name, salary: i.totalShares, retiredAt: i.retiredAt };
    },

    /** The instrument's holdings and open orders, from the read models the writer keeps (no table is read). */
    exposure(kind: InstrumentKind, id: number): Exposure {
      const m = exchange.readModels();
      const key = keyOf(kind, id);
      const i = m.instruments.get(kind, id);
      return {
        holdings: m.holdings.holderCount(key),
        shares: i ? i.totalShares - i.remaining : 0,
        openOrders: m.orders.asks(key).length + m.orders.offers(key).length,
      };
    },
  };
}
export type ContractStatus = ReturnType<typeof createContractStatus>;
