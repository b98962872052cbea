import type { InstrumentKind } from '../db/repos/ledger.js';
import type { TradeReason } from '../shared/instrument.js';
import type { Notice } from '../shared/notices.js';

export interface TradeEvent {
  tradeId: number;
  itemType: InstrumentKind;
  itemId: number;
  itemName: string;
  /** The team's code (a player's team's): the ticker draws its face from it. */
  teamCode: string;
  buyerId: number | null;
  sellerId: number | null;
  buyerUsername: string | null;
  sellerUsername: string | null;
  shares: number;
  priceCents: number;
  at: number;
  /** Set when no order made the trade: `retirement`, the open market's buy-back. */
  reason?: TradeReason | null;
}

/** What happened, named as in docs/api.md §4 Live events. `userId` set: only that user may see it. */
export type GameEvent =
  | { type: 'tradeCompleted'; userId: null; trade: TradeEvent }
  | { type: 'marketUpdated'; userId: null; itemType: InstrumentKind; itemId: number }
  | { type: 'offersUpdated'; userId: null; itemType: InstrumentKind; itemId: number }
  | { type: 'asksUpdated'; userId: null; itemType: InstrumentKind; itemId: number }
  | { type: 'portfolioUpdated'; userId: number }
  /** The league's name, ranking or season changed: every open header of it reads it again. */
  | { type: 'leagueUpdated'; userId: null }
  | {
      type: 'orderFilled';
      userId: number;
      side: 'ask' | 'offer';
      /** 0 for a sale from the holder's minimum sell price (no order). */
      orderId: number;
      /** A sell: the holder's minimum sell price sold the shares, not an offer they listed. */
      automatic: boolean;
      /** With `automatic`: the holder's minimum sell price (the fill may be at a higher bid's price). */
      minSellPriceCents: number | null;
      itemType: InstrumentKind;
      itemId: number;
      itemName: string;
      shares: number;
      priceCents: number;
      /** The user's inbox entry for it (docs/inbox.md), once written. */
      inboxId?: number;
    }
  | {
      type: 'outbid';
      userId: number;
      itemType: InstrumentKind;
      itemId: number;
      itemName: string;
      yourPriceCents: number;
      bestPriceCents: number;
      inboxId?: number;
    }
  /** Something the league tells one member (docs/chat.md, "Rivalry"): a toast, an opted-in push, an inbox entry. */
  | { type: 'notice'; userId: number; notice: Notice; inboxId?: number }
  /** A player the user held retired: the open market bought the user's shares back (one event per holder). */
  | {
      type: 'playerRetired';
      userId: number;
      itemType: 'player';
      itemId: number;
      itemName: string;
      shares: number;
      priceCents: number;
      at: number;
      inboxId?: number;
    }
  /** A holder listed shares that now rest in the book (for push notifications; the live feed sends offersUpdated). */
  | {
      type: 'offerPosted';
      userId: null;
      itemType: InstrumentKind;
      itemId: number;
      itemName: string;
      sellerId: number;
      sellerUsername: string;
      offerId: number;
      shares: number;
      priceCents: number;
    };

export type PublishedEvent = GameEvent & { id: number };

type Listener = (event: PublishedEvent) => void;

/**
 * Events carry a monotonically increasing id; the last `capacity` stay in memory so that a client
 * that reconnects with its last id gets what it missed.
 */
export class EventBus {
  // Ids continue across restarts: they start from the clock in microseconds, above any id a client
  // may still hold from the previous run, so resuming never skips what happened since.
  private nextId: number;
  /** A ring of the last `capacity` events: `start` is the oldest, `size` how many are kept. */
  private readonly recent: (PublishedEvent | undefined)[];
  private start = 0;
  private size = 0;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly capacity = 5_000,
    firstId = Date.now() * 1_000,
  ) {
    this.nextId = firstId;
    this.recent = new Array<PublishedEvent | undefined>(capacity);
  }

  publish(events: readonly GameEvent[]): void {
    for (const event of events) {
      const published = { ...event, id: this.nextId++ } as PublishedEvent;
      this.recent[(this.start + this.size) % this.capacity] = published;
      if (this.size < this.capacity) this.size += 1;
      else this.start = (this.start + 1) % this.capacity;
      for (const listener of this.listeners) listener(published);
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Events after `lastId` still in memory, oldest first. */
  since(lastId: number): PublishedEvent[] {
    const out: PublishedEvent[] = [];
    for (let i = 0; i < this.size; i += 1) {
      const event = this.recent[(this.start + i) % this.capacity]!;
      if (event.id > lastId) out.push(event);
    }
    return out;
  }

  get lastId(): number {
    return this.nextId - 1;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
