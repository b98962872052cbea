import { unlistedShares } from '../domain/market/holding.js';
import type { Command, OrderBook, Plan } from '../domain/orderbook/index.js';
import type { ExchangeOutcome, FillSummary, InstrumentRef } from './commands.js';
import type { GameEvent } from './events.js';
import { writePlanRows } from './ledger-rows.js';
import { bookKey, type MarketMemory } from './market-memory.js';
import { planEvents } from './plan-events.js';
import type { NewBid } from './inbox-writer.js';

/** Automatic fills triggered by one command (standing sells meeting asks) stop here; reaching it is a bug. */
const MAX_CASCADE = 10_000;

/**
 * Everything one command does, collected while it runs and published after the commit. Each plan
 * is written (ledger rows), told (events), applied to its book, and then every standing sell it
 * may have changed is refreshed, which may plan again (the cascade).
 */
export class CommandRun {
  readonly events: GameEvent[] = [];
  readonly senderFills: FillSummary[] = [];
  /** New best bids its plans rested: their instruments' holders are told in their inboxes. */
  readonly bids: NewBid[] = [];
  private cascade = 0;
  private readonly touchedUsers = new Set<number>();
  private readonly touched = new Map<string, InstrumentRef>();

  constructor(
    private readonly memory: MarketMemory,
    readonly sender: number,
    readonly at: number,
  ) {}

  /** Shares of a holding that may be listed, dumped or sold automatically: not listed, not locked. */
  unlisted(ref: InstrumentRef, userId: number): number {
    const h = this.memory.ledger.holding(ref.kind, userId, ref.id);
    return unlistedShares(h, this.memory.tally.listedShares(bookKey(ref.kind, ref.id), userId), this.at);
  }

  /** write → apply, then the standing sells of everyone the plan touched. */
  commit(ref: InstrumentRef, book: OrderBook, plan: Plan): void {
    if (++this.cascade > MAX_CASCADE) throw new Error('Too many automatic fills for one command');
    const { ledger, tally } = this.memory;
    const tradeIds = writePlanRows(ledger, ref, plan, { at: this.at, remainingBefore: book.remaining, nextSeq: () => ++this.memory.counters.seq });
    const bestBefore = plan.newAsk ? book.bestAskExcept(plan.newAsk.userId) : undefined;
    if (plan.newAsk && (!bestBefore || bestBefore.price < plan.newAsk.price))
      this.bids.push({ ref, userId: plan.newAsk.userId, shares: plan.newAsk.shares, priceCents: plan.newAsk.price });
    this.events.push(
      ...planEvents(ref, plan, tradeIds, ledger, {
        at: this.at,
        bestBefore,
        sender: this.sender,
        standingPrice: (userId) => book.getStandingSell(userId)?.price ?? null,
      }),
    );
    plan.fills.forEach((fill, i) => {
      if (fill.buyerId === this.sender || fill.sellerId === this.sender) {
        this.senderFills.push({ tradeId: tradeIds[i]!, buyerId: fill.buyerId, sellerId: fill.sellerId, shares: fill.shares, priceCents: fill.price });
      }
    });
    for (const account of plan.accounts) this.touchedUsers.add(account.userId);
    tally.record(bookKey(ref.kind, ref.id), book, plan);
    book.apply(plan);
    this.touched.set(bookKey(ref.kind, ref.id), ref);
    const users = new Set<number>([plan.userId, ...plan.accounts.map((a) => a.userId)]);
    for (const userId of users) this.refreshStandingSell(ref, book, userId);
  }

  /**
   * Keeps a user's standing sell equal to the holding's unlisted shares at its minimum price; it may
   * fill resting asks. A member removed from the league has none (RULES.md, Leagues).
   */
  refreshStandingSell(ref: InstrumentRef, book: OrderBook, userId: number): void {
    const h = this.memory.ledger.holding(ref.kind, userId, ref.id);
    const shares = h && this.memory.ledger.leftAt(userId) == null ? this.unlisted(ref, userId) : 0;
    const current = book.getStandingSell(userId);
    let command: Command | null = null;
    if (shares === 0 || !h) {
      if (current) command = { kind: 'removeStandingSell', userId };
    } else if (!current || current.price !== h.minSellPriceCents || current.shares !== shares || current.seq !== h.minSellSeq) {
      command = { kind: 'setStandingSell', userId, price: h.minSellPriceCents, shares, seq: h.minSellSeq };
    }
    if (!command) return;
    const result = book.plan(command);
    if (!result.ok) throw new Error(`Standing sell refresh refused: ${result.error.message}`);
    if (result.plan.noop) return;
    this.commit(ref, book, result.plan);
  }

  /** What the command did, for the one who sent it. */
  outcome(ref: InstrumentRef, plan: Plan | null): ExchangeOutcome {
    const mine = (r: { id: number; userId: number; shares: number; price: number } | null) =>
      r && r.userId === this.sender ? { id: r.id, shares: r.shares, priceCents: r.price } : null;
    const { ledger } = this.memory;
    const h = ledger.holding(ref.kind, this.sender, ref.id);
    return {
      instrument: ref,
      name: ledger.instrumentName(ref.kind, ref.id),
      bought: this.senderFills.filter((f) => f.buyerId === this.sender).reduce((s, f) => s + f.shares, 0),
      sold: this.senderFills.filter((f) => f.sellerId === this.sender).reduce((s, f) => s + f.shares, 0),
      fills: this.senderFills,
      ask: plan ? mine(plan.newAsk) : null,
      offer: plan ? mine(plan.newOffer) : null,
      noop: plan?.noop ?? false,
      holding: h ? { shares: h.shares, minSellPriceCents: h.minSellPriceCents, minSellCustom: h.minSellCustom, lockedUntil: h.lockedUntil } : null,
    };
  }

  /** The events to publish: what the plans said, then each market and portfolio that changed, once. */
  finalEvents(): GameEvent[] {
    for (const ref of this.touched.values()) this.events.push({ type: 'marketUpdated', userId: null, itemType: ref.kind, itemId: ref.id });
    for (const userId of this.touchedUsers) this.events.push({ type: 'portfolioUpdated', userId });
    return this.events;
  }
}
