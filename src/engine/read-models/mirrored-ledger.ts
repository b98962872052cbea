import type { HoldingState, InstrumentKind, NewOrderRow, NewTradeRow } from '../../db/repos/ledger.js';
import type { cachedLedger } from '../cached-ledger.js';
import type { ReadModels } from './read-models.js';

type Ledger = ReturnType<typeof cachedLedger>;

/**
 * The exchange's ledger with every write of the market's state also applied to the read models,
 * in the same step (and inside the same transaction: a failed one makes the exchange rebuild both).
 */
export function mirroredLedger(ledger: Ledger, models: () => ReadModels): Ledger {
  return {
    ...ledger,
    insertTrade(t: NewTradeRow): number {
      const id = ledger.insertTrade(t);
      models().trade(t.instrument, t.instrumentId, t.buyerId, t.sellerId, t.shares, t.price, t.at);
      if (t.sellerId !== null && t.realizedCents != null) models().realized(t.sellerId, t.realizedCents);
      return id;
    },
    saveHolding(kind: InstrumentKind, userId: number, id: number, h: HoldingState): void {
      ledger.saveHolding(kind, userId, id, h);
      models().holding(kind, userId, id, h);
    },
    rescaleHoldings(kind: InstrumentKind, id: number, oldTotal: number, newTotal: number, rescaled: readonly { userId: number; shares: number }[]): void {
      ledger.rescaleHoldings(kind, id, oldTotal, newTotal, rescaled);
      models().rescaled(kind, id, rescaled);
    },
    insertOrder(o: NewOrderRow): void {
      ledger.insertOrder(o);
      models().orderOpened({
        id: o.id,
        side: o.side,
        instrument: o.instrument,
        instrumentId: o.instrumentId,
        userId: o.userId,
        priceCents: o.priceCents,
        sharesRemaining: o.shares,
        seq: o.seq,
        createdAt: o.at,
      });
    },
    setOrderRemaining(id: number, remaining: number): void {
      ledger.setOrderRemaining(id, remaining);
      models().orderRemaining(id, remaining);
    },
    cancelOrder(id: number): void {
      ledger.cancelOrder(id);
      models().orderCancelled(id);
    },
    setRemaining(kind: InstrumentKind, id: number, remaining: number): void {
      ledger.setRemaining(kind, id, remaining);
      models().remaining(kind, id, remaining);
    },
    openMarketChanged(kind: InstrumentKind, id: number, held: boolean, at: number): void {
      ledger.openMarketChanged(kind, id, held, at);
      models().openMarketChanged(kind, id, held, at);
    },
    setLastPrice(kind: InstrumentKind, id: number, priceCents: number): void {
      ledger.setLastPrice(kind, id, priceCents);
      models().lastPrice(kind, id, priceCents);
    },
    declineAsk(orderId: number, userId: number, at: number): void {
      ledger.declineAsk(orderId, userId, at);
      models().declined(orderId, userId);
    },
  };
}
