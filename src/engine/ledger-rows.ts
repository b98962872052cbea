import { bought, NO_HOLDING, sold, type Holding } from '../domain/market/holding.js';
import { realizedProfit } from '../domain/market/pnl.js';
import type { Plan } from '../domain/orderbook/index.js';
import type { TradeReason } from '../shared/instrument.js';
import type { InstrumentRef } from './commands.js';
import type { ExchangeLedger } from './cached-ledger.js';

/** What of a plan becomes rows: an order's plan, or an admin's (a retirement's payouts). */
export type RowPlan = Pick<Plan, 'fills' | 'accounts' | 'remaining' | 'newAsk' | 'newOffer' | 'askUpdates' | 'offerUpdates' | 'cancelled'>;

/** What writing a plan needs beside the ledger: its time, the book's open market before it, and the next sequence number. */
export interface RowContext {
  at: number;
  /** Why the plan's trades happened, when no order made them (a retirement's buy-back). */
  reason?: TradeReason;
  remainingBefore: number;
  nextSeq: () => number;
}

/**
 * Writes a plan as the ledger's rows: one trade row per fill, each account's cash and holding, the
 * orders it posts, fills or cancels, the open market, the last price between two users. Returns
 * the trades' row ids, in the order of the plan's fills.
 */
export function writePlanRows(ledger: ExchangeLedger, ref: InstrumentRef, plan: RowPlan, ctx: RowContext): number[] {
  const { kind, id } = ref;
  const tradeIds: number[] = [];
  const paid = new Map<number, number>();
  let lastUserPrice: number | null = null;
  // Each seller's holding as their earlier fills of this plan leave it: a sale's realized profit is at the average then.
  const sellers = new Map<number, Holding>();
  for (const fill of plan.fills) {
    let realizedCents: number | null = null;
    if (fill.sellerId !== null) {
      const h = sellers.get(fill.sellerId) ?? ledger.holding(kind, fill.sellerId, id) ?? NO_HOLDING;
      if (h.shares >= fill.shares) {
        realizedCents = realizedProfit(h, fill.shares, fill.price);
        sellers.set(fill.sellerId, sold(h, fill.shares));
      }
    }
    tradeIds.push(
      ledger.insertTrade({
        instrument: kind,
        instrumentId: id,
        buyerId: fill.buyerId,
        sellerId: fill.sellerId,
        shares: fill.shares,
        price: fill.price,
        at: ctx.at,
        reason: ctx.reason ?? null,
        realizedCents,
      }),
    );
    if (fill.buyerId !== null) paid.set(fill.buyerId, (paid.get(fill.buyerId) ?? 0) + fill.shares * fill.price);
    if (fill.buyerId !== null && fill.sellerId !== null) lastUserPrice = fill.price;
  }
  for (const account of plan.accounts) {
    ledger.addCash(account.userId, account.cash);
    if (account.shares !== 0) changeHolding(ledger, ref, account.userId, { shares: account.shares, paidCents: paid.get(account.userId) ?? 0, ...ctx });
  }
  writeOrders(ledger, ref, plan, ctx.at);
  if (plan.remaining !== ctx.remainingBefore) {
    ledger.setRemaining(kind, id, plan.remaining);
    // The mark asks since when the open market has held shares (docs/rules.md §5): its changes are kept.
    if (plan.remaining > 0 !== ctx.remainingBefore > 0) ledger.openMarketChanged(kind, id, plan.remaining > 0, ctx.at);
  }
  if (lastUserPrice !== null) ledger.setLastPrice(kind, id, lastUserPrice);
  return tradeIds;
}

function writeOrders(ledger: ExchangeLedger, { kind, id }: InstrumentRef, plan: RowPlan, at: number): void {
  for (const [side, o] of [
    ['ask', plan.newAsk],
    ['offer', plan.newOffer],
  ] as const) {
    if (o) ledger.insertOrder({ id: o.id, side, instrument: kind, instrumentId: id, userId: o.userId, priceCents: o.price, shares: o.shares, seq: o.seq, at });
  }
  for (const u of plan.askUpdates) ledger.setOrderRemaining(u.id, u.shares);
  for (const u of plan.offerUpdates) ledger.setOrderRemaining(u.id, u.shares);
  if (plan.cancelled) ledger.cancelOrder(plan.cancelled.id);
}

/** A holding grows with what was paid (domain/market/holding.ts), or shrinks keeping its average. */
function changeHolding(
  ledger: ExchangeLedger,
  ref: InstrumentRef,
  userId: number,
  change: { shares: number; paidCents: number; at: number; nextSeq: () => number },
): void {
  const h = ledger.holding(ref.kind, userId, ref.id) ?? NO_HOLDING;
  const next =
    change.shares > 0
      ? bought(h, ref.kind, { shares: change.shares, paidCents: change.paidCents, seq: change.nextSeq(), at: change.at })
      : sold(h, -change.shares);
  ledger.saveHolding(ref.kind, userId, ref.id, next);
}
