import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { EventBus, PublishedEvent } from '../../engine/events.js';
import { TICKER_INTERVAL_MS, TICKER_MAX_TRADES, type LiveTicker } from '../../shared/live.js';
import { liveTrade } from './shape.js';

type TradePublished = Extract<PublishedEvent, { type: 'tradeCompleted' }>;

/** One ticker message: the id of its newest trade event, and the envelope every follower is sent. */
export interface Tick {
  readonly lastId: number;
  readonly message: LiveTicker;
  readonly envelope: TrackedEnvelope<LiveTicker>;
}

/** The newest `max` trades of `trades` (oldest first) as one message, the others counted as skipped. */
function tickOf(trades: readonly TradePublished[], skipped: number, max: number): Tick {
  const listed = trades.length > max ? trades.slice(trades.length - max) : trades;
  const lastId = trades[trades.length - 1]!.id;
  const message: LiveTicker = { type: 'tradesCompleted', trades: listed.map((e) => liveTrade(e.trade)), skipped: skipped + trades.length - listed.length };
  return { lastId, message, envelope: tracked(String(lastId), message) };
}

/** Told of each ticker message sent (monitoring). */
export interface TickerObserver {
  /** A message went out to the followers; `skipped` trades of its interval were left out of it. */
  sent(skipped: number): void;
}

/**
 * The public trade ticker. Trades are gathered for an interval and sent as one message, the same
 * object for every follower (so it is serialised once, whatever the number of followers): a
 * follower gets at most one message per interval, however fast trades happen. A burst of more
 * trades than one message lists is conflated to its newest ones.
 */
export class Ticker {
  private pending: TradePublished[] = [];
  private skipped = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The newest trade event sent (or there before the ticker started): later ones are pending. */
  private sentUpTo: number;
  private readonly listeners = new Set<(tick: Tick) => void>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly intervalMs = TICKER_INTERVAL_MS,
    private readonly maxTrades = TICKER_MAX_TRADES,
    private readonly observer?: TickerObserver,
  ) {
    this.sentUpTo = bus.lastId;
    this.unsubscribe = bus.subscribe((event) => {
      if (event.type !== 'tradeCompleted') return;
      this.pending.push(event);
      if (this.pending.length > this.maxTrades) {
        this.pending.shift();
        this.skipped += 1;
      }
      this.timer ??= setTimeout(() => this.flush(), this.intervalMs).unref();
    });
  }

  /**
   * Sends what is pending now (and at shutdown, so the last trades reach the followers). While trades
   * keep coming the next message is due one interval after this one, not one interval after the next
   * trade, so a busy market gets a message every interval.
   */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const tick = tickOf(this.pending, this.skipped, this.maxTrades);
    this.pending = [];
    this.skipped = 0;
    this.sentUpTo = tick.lastId;
    this.timer = setTimeout(() => this.flush(), this.intervalMs).unref();
    this.observer?.sent(tick.message.skipped);
    for (const listener of this.listeners) listener(tick);
  }

  subscribe(listener: (tick: Tick) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * What a follower that saw `lastId` missed of the messages already sent, in one message, as far as
   * the event history reaches. The trades still pending come with the next message.
   */
  since(lastId: number): Tick | null {
    const missed = this.bus.since(lastId).filter((e): e is TradePublished => e.type === 'tradeCompleted' && e.id <= this.sentUpTo);
    return missed.length === 0 ? null : tickOf(missed, 0, this.maxTrades);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe();
    this.listeners.clear();
  }
}
