import type { Db } from '../db/client.js';
import { createInboxRepo, type InboxRepo } from '../db/repos/inbox.js';
import { INBOX_KEEP_MS, NEW_BID_HOLDERS, type NewInboxEntry } from '../shared/inbox.js';
import type { InstrumentRef } from './commands.js';
import type { GameEvent } from './events.js';
import { keyOf } from './read-models/instruments.js';
import type { MarketMemory } from './market-memory.js';

/** A new best bid (an ask resting above every other), for the holders of what it bids on. */
export interface NewBid {
  ref: InstrumentRef;
  userId: number;
  shares: number;
  priceCents: number;
}

/** How often old entries are pruned (at a write). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/**
 * Old entries deleted at one write, at most: a league that was closed for weeks (or a first start)
 * has many, and deleting them all in one write blocked that write for hundreds of milliseconds at a
 * season's scale. The rest go at the next writes.
 */
export const PRUNE_BATCH = 500;

type Told = Extract<GameEvent, { type: 'orderFilled' | 'outbid' | 'notice' | 'playerRetired' }>;

/** The inbox entry of an event told to one member, or null for an event no one is told. */
function entryOf(e: GameEvent): NewInboxEntry | null {
  switch (e.type) {
    case 'orderFilled': {
      const { userId, itemType, itemId, itemName, side, shares, priceCents, automatic, minSellPriceCents } = e;
      return { kind: 'orderFilled', userId, data: { itemType, itemId, itemName, side, shares, priceCents, automatic, minSellPriceCents } };
    }
    case 'outbid': {
      const { userId, itemType, itemId, itemName, yourPriceCents, bestPriceCents } = e;
      return { kind: 'outbid', userId, data: { itemType, itemId, itemName, yourPriceCents, bestPriceCents } };
    }
    case 'playerRetired': {
      const { userId, itemType, itemId, itemName, shares, priceCents } = e;
      return { kind: 'retired', userId, data: { itemType, itemId, itemName, shares, priceCents } };
    }
    case 'notice': {
      const { kind, title, body, url } = e.notice;
      return { kind, userId: e.userId, data: { title, body, url } };
    }
    default:
      return null;
  }
}

/**
 * Writes the inbox entries of what the writer tells its members (docs/inbox.md), inside the
 * transaction that made it happen, and marks each event with its entry's id (the toast and the
 * push link to it). Entries older than 30 days are pruned once an hour at a write, PRUNE_BATCH at a
 * time (the next writes take the rest).
 */
export class InboxWriter {
  private readonly repo: InboxRepo;
  private prunedAt = 0;
  /** Entries older than kept were left at the last prune: the next write goes on. */
  private pruneLeft = false;

  constructor(
    db: Db,
    private readonly memory: MarketMemory,
  ) {
    this.repo = createInboxRepo(db);
  }

  record(events: readonly GameEvent[], bids: readonly NewBid[], at: number): void {
    const told: Told[] = [];
    const entries: NewInboxEntry[] = [];
    for (const e of events) {
      const entry = entryOf(e);
      if (entry) {
        told.push(e as Told);
        entries.push(entry);
      }
    }
    for (const bid of bids) entries.push(...this.bidEntries(bid));
    if (entries.length > 0) {
      const ids = this.repo.add(entries, at);
      told.forEach((e, i) => (e.inboxId = ids[i]!));
    }
    if (this.pruneLeft || at - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = at;
      this.pruneLeft = this.repo.prune(at - INBOX_KEEP_MS, PRUNE_BATCH) === PRUNE_BATCH;
    }
  }

  /** The largest holders (but the bidder, and members removed from the league) are told of a new best bid. */
  private bidEntries(bid: NewBid): NewInboxEntry[] {
    const { ledger, models } = this.memory;
    const itemName = ledger.instrumentName(bid.ref.kind, bid.ref.id);
    const bidderUsername = ledger.username(bid.userId) ?? '';
    const out: NewInboxEntry[] = [];
    for (const h of models.holdings.holders(keyOf(bid.ref.kind, bid.ref.id))) {
      if (out.length >= NEW_BID_HOLDERS) break;
      if (h.userId === bid.userId || ledger.leftAt(h.userId) != null) continue;
      out.push({
        kind: 'newBid',
        userId: h.userId,
        data: { itemType: bid.ref.kind, itemId: bid.ref.id, itemName, bidderUsername, shares: bid.shares, priceCents: bid.priceCents },
      });
    }
    return out;
  }
}

/** Each league file's inbox statements, prepared once: a busy league's rivalry writes notices after many bursts. */
const inboxRepos = new WeakMap<Db, InboxRepo>();
function inboxRepoOf(db: Db): InboxRepo {
  let repo = inboxRepos.get(db);
  if (!repo) inboxRepos.set(db, (repo = createInboxRepo(db)));
  return repo;
}

/**
 * Writes the inbox entries of notices told outside the writer's commands (the rivalry's: being
 * passed, the weekly recap) in one transaction of the league's file, marking each with its entry.
 */
export function recordNotices(db: Db, events: readonly GameEvent[], at: number): void {
  const repo = inboxRepoOf(db);
  db.$client.transaction(() => {
    const told = events.filter((e) => entryOf(e) !== null) as Told[];
    const ids = repo.add(
      told.map((e) => entryOf(e)!),
      at,
    );
    told.forEach((e, i) => (e.inboxId = ids[i]!));
  })();
}
