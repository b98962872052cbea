import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { EventBus, PublishedEvent } from '../../engine/events.js';
import { TICKER_INTERVAL_MS, TICKER_MAX_TRADES, type LiveTicker, type PlayersChange } from '../../shared/live.js';
import { liveTrade } from './shape.js';

type TradePublished = Extract<PublishedEvent, { type: 'tradeCompleted' }>;

/** One ticker message: the id of its newest trade event, and the envelope every follower is sent. */
export interface Tick {
  readonly lastId: number;
  readonly message: LiveTicker;
  readonly envelope: TrackedEnvelope<LiveTicker>;
}

/**
 * The newest `max` trades of `trades` (oldest first) as one message, the others counted as skipped,
 * with the players list's changes if given; `lastId` is the newest trade's event (the last one sent when there is none).
 */
function tickOf(trades: readonly TradePublished[], skipped: number, max: number, lastSent: number, marksMoved: boolean, players?: PlayersChange): Tick {
  const listed = trades.length > max ? trades.slice(trades.length - max) : trades;
  const lastId = trades[trades.length - 1]?.id ?? lastSent;
  const message: LiveTicker = {
    type: 'tradesCompleted',
    trades: listed.map((e) => liveTrade(e.trade)),
    skipped: skipped + trades.length - listed.length,
    ...(players ? { players } : {}),
    ...(marksMoved ? { marksMoved: true as const } : {}),
  };
  return { lastId, message, envelope: tracked(String(lastId), message) };
}

/**
 * The players list's rows changed since a version of it (every change when `since` is not given or
 * not known); undefined while the list cannot be built yet without holding up the event loop (a
 * league just opened, its marks still being read): the change goes with a later message.
 */
export type PlayersChangeSource = (since: string | undefined) => PlayersChange | undefined;

/** Which marks the market has now (the read models' `markChanges()`): a message says whether they moved since the last one. */
export type MarksSource = () => string;

/** What the ticker's messages carry besides the trades. */
export interface TickerSources {
  playersChange?: PlayersChangeSource;
  /** Without it, every message with trades says that marks moved. */
  marks?: MarksSource;
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
 * trades than one message lists is conflated to its newest ones. With `playersChange`, each message
 * also carries the players list's rows changed since the previous one (a change of the market
 * without a trade sends a message of its own), so followers keep the list without asking for it.
 */
export class Ticker {
  private pending: TradePublished[] = [];
  private skipped = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The newest trade event sent (or there before the ticker started): later ones are pending. */
  private sentUpTo: number;
  private readonly listeners = new Set<(tick: Tick) => void>();
  private readonly unsubscribe: () => void;
  /** The players list's version the last message brought its followers to (none yet: the first tells them to ask). */
  private listVersion: string | undefined;
  /** A change of the market that may have changed the players list, not sent yet. */
  private marketChanged = false;
  /** The marks as of the last message (none yet: the first says they moved). */
  private marksSent: string | undefined;
  private readonly playersChange: PlayersChangeSource | undefined;
  private readonly marks: MarksSource | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly intervalMs = TICKER_INTERVAL_MS,
    private readonly maxTrades = TICKER_MAX_TRADES,
    private readonly observer?: TickerObserver,
    { playersChange, marks }: TickerSources = {},
  ) {
    this.playersChange = playersChange;
    this.marks = marks;
    this.sentUpTo = bus.lastId;
    this.unsubscribe = bus.subscribe((event) => {
      if (event.type === 'marketUpdated' && playersChange) this.marketChanged = true;
      else if (event.type === 'tradeCompleted') {
        this.pending.push(event);
        if (this.pending.length > this.maxTrades) {
          this.pending.shift();
          this.skipped += 1;
        }
      } else return;
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
    const players = this.listChanges();
    if (this.pending.length === 0 && !players) {
      // A change of the list put off: looked at again an interval later.
      if (this.marketChanged) this.timer = setTimeout(() => this.flush(), this.intervalMs).unref();
      return;
    }
    const tick = tickOf(this.pending, this.skipped, this.maxTrades, this.sentUpTo, this.marksMoved(), players);
    if (players) this.listVersion = players.version;
    this.pending = [];
    this.skipped = 0;
    this.sentUpTo = tick.lastId;
    this.timer = setTimeout(() => this.flush(), this.intervalMs).unref();
    this.observer?.sent(tick.message.skipped);
    for (const listener of this.listeners) listener(tick);
  }

  /** Whether a mark moved since the last message (as if one did when not known and trades are sent). */
  private marksMoved(): boolean {
    if (!this.marks) return this.pending.length > 0;
    const marks = this.marks();
    const moved = marks !== this.marksSent;
    this.marksSent = marks;
    return moved;
  }

  /** The players list's changes for the next message: none when nobody follows, or nothing changed with no trade to send. */
  private listChanges(): PlayersChange | undefined {
    const changed = this.marketChanged || this.pending.length > 0;
    this.marketChanged = false;
    if (!this.playersChange || !changed || this.listeners.size === 0) return undefined;
    const players = this.playersChange(this.listVersion);
    if (!players) {
      this.marketChanged = true;
      return undefined;
    }
    return players.since === null || players.rows.length > 0 || this.pending.length > 0 ? players : undefined;
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
    // Marks may have moved with what was missed: the values are read again.
    return missed.length === 0 ? null : tickOf(missed, 0, this.maxTrades, lastId, true);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe();
    this.listeners.clear();
  }
}
