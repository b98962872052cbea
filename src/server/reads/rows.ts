import type { MarketPlayerRow, OpenOrderRow, ShareholderRow } from '../../db/repos/market-reads.js';
import type { UserRowsRepo } from '../../db/repos/user-rows.js';
import type { HoldingView } from '../../engine/read-models/holdings-index.js';
import { keyOf, type InstrumentView } from '../../engine/read-models/instruments.js';
import type { OrderView } from '../../engine/read-models/open-orders.js';
import type { ReadModels } from '../../engine/read-models/read-models.js';

/**
 * Read-model entries as the rows shape.ts turns into API shapes: names from the models, usernames
 * read by id for the page at hand (they change outside the exchange).
 */

export function playerRow(models: ReadModels, i: InstrumentView, callerId: number | null): MarketPlayerRow {
  const key = keyOf('player', i.id);
  const team = models.instruments.teamOf(i);
  return {
    id: i.id,
    name: i.name,
    teamName: team.name,
    teamCode: team.code,
    salary: i.totalShares,
    sharesRemaining: i.remaining,
    lastTradePriceCents: i.lastPriceCents,
    restrictedUntil: i.restrictedUntil,
    shareholderCount: models.holdings.holderCount(key),
    owned: callerId === null ? 0 : (models.holdings.get(key, callerId)?.shares ?? 0),
    retiredAt: i.retiredAt,
  };
}

export function orderRows(models: ReadModels, users: UserRowsRepo, orders: readonly OrderView[]): OpenOrderRow[] {
  const names = users.names(orders.map((o) => o.userId));
  return orders.map((o) => {
    const i = models.instruments.get(o.kind, o.instrumentId);
    const key = keyOf(o.kind, o.instrumentId);
    return {
      id: o.id,
      side: o.side,
      instrument: o.kind,
      itemId: o.instrumentId,
      itemName: i?.name ?? '',
      teamName: i ? models.instruments.teamOf(i).name : '',
      userId: o.userId,
      username: names.get(o.userId) ?? '',
      priceCents: o.priceCents,
      sharesRemaining: o.sharesRemaining,
      seq: o.seq,
      createdAt: o.createdAt,
      holderShares: models.holdings.get(key, o.userId)?.shares ?? 0,
    };
  });
}

export function holderRows(users: UserRowsRepo, holders: readonly HoldingView[]): ShareholderRow[] {
  const names = users.names(holders.map((h) => h.userId));
  return holders.map((h) => ({ userId: h.userId, username: names.get(h.userId) ?? '', shares: h.shares, minSellPriceCents: h.minSellPriceCents }));
}
