import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { createFeedRepo, UNREAD_CAP, type FeedKind, type FeedRepo, type FeedRow, type MuteRow } from '../../db/repos/feed.js';
import { mayDelete, mayMute, mayPost, mayReact, type ChatRefusal } from '../../domain/chat/moderation.js';
import { bigTradeText, bigTrades, newMemberText, type Fill } from '../../domain/chat/moments.js';
import type { EventBus, PublishedEvent } from '../../engine/events.js';
import { CHAT_PAGE_DEFAULT, CHAT_TEXT } from '../../shared/chat.js';
import { centsToDollars } from '../../shared/money.js';
import type { ChatLiveEvent, ChatMessage, ChatPage } from '../../shared/schemas/chat.js';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../../shared/schemas/pages.js';
import { AppError } from '../errors.js';

const iso = (ms: number) => new Date(ms).toISOString();

const REFUSAL_CODES = { forbidden: 'FORBIDDEN', not_found: 'NOT_FOUND', muted: 'FORBIDDEN', bad_request: 'BAD_REQUEST' } as const;

/** A chat rule's refusal as the error the client sees. */
function orThrow(refusal: ChatRefusal | null): void {
  if (refusal) throw new AppError(REFUSAL_CODES[refusal.code], refusal.message);
}

/** A moment's figures as the screens get them: money in dollars (`…Cents` keys become dollars without the suffix). */
function detailsOut(data: unknown): Record<string, unknown> | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    // What a moment keeps for the server's own next step (the standings a weekly recap saw) stays with it.
    if (key === 'snapshot') continue;
    if (key.endsWith('Cents') && typeof value === 'number') out[key.slice(0, -5)] = centsToDollars(value);
    else out[key] = value;
  }
  return out;
}

/** Told a write's answer inside its transaction: what an idempotency key keeps (server/idempotency/once.ts). */
export type Keep<T> = (answer: T) => void;

type Deleted = { id: number; deleted: true; message: string };
type Reacted = { id: number; reactions: ChatMessage['reactions'] };
type Muted = { mute: ReturnType<typeof muteOut>; message: string };
type Unmuted = { userId: number; message: string };

export interface Caller {
  id: number;
  isAdmin: boolean;
}

export interface LeagueFeedDeps {
  db: Db;
  bus: EventBus;
  now: () => number;
  logger: Logger;
  /** The smallest purchase the feed tells as a big trade, in cents (it follows the league's starting cash). */
  bigTradeCents: () => number;
}

function muteOut(row: MuteRow) {
  return { userId: row.userId, username: row.username, until: row.until === null ? null : iso(row.until), mutedAt: iso(row.mutedAt) };
}

const toMessage = (row: FeedRow, reactions: ChatMessage['reactions']): ChatMessage => ({
  id: row.id,
  userId: row.userId,
  username: row.username,
  text: row.text,
  createdAt: iso(row.createdAt),
  kind: row.kind,
  reactions,
  ...(row.kind === 'message' ? {} : { details: detailsOut(row.data) ?? {} }),
});

/** Items with their reactions as `readerId` sees them (one query for the page's reactions). */
function withReactions(repo: FeedRepo, rows: FeedRow[], readerId: number | null): ChatMessage[] {
  const counts = repo.reactionsOf(
    rows.map((r) => r.id),
    readerId,
  );
  return rows.map((row) =>
    toMessage(
      row,
      counts.filter((r) => r.itemId === row.id).map(({ emoji, count, mine }) => ({ emoji, count, mine })),
    ),
  );
}

/** What every part of a league's feed shares: its repo, its transactions, its subscribers. */
function feedCore(deps: LeagueFeedDeps) {
  const { db, now } = deps;
  const repo = createFeedRepo(db);
  const transaction = <T>(fn: () => T): T => db.$client.transaction(fn)();
  const listeners = new Set<(event: ChatLiveEvent) => void>();
  const publish = (event: ChatLiveEvent) => {
    for (const listener of listeners) listener(event);
  };

  /** Tells the subscribers of an item written elsewhere (a season's end, in its own transaction). */
  function announce(id: number): void {
    const row = repo.get(id);
    if (row && row.deletedAt === null) publish({ type: 'posted', message: toMessage(row, []) });
  }

  /** Writes a moment once (a second write of the same key writes nothing) and tells the subscribers. */
  function moment(kind: Exclude<FeedKind, 'message'>, m: { userId: number | null; text: string; data?: unknown; key?: string; at?: number }): number | null {
    const added = repo.add({ kind, userId: m.userId, text: m.text, data: m.data, at: m.at ?? now(), key: m.key ? `moment:${m.key}` : null });
    if (!added.fresh) return null;
    announce(added.id);
    return added.id;
  }

  return { deps, repo, transaction, listeners, publish, announce, moment };
}
type FeedCore = ReturnType<typeof feedCore>;

/** Big trades: the fills committed together (one publish of the bus), gathered until the next turn, each big purchase a moment. Answers how to stop. */
function followBigTrades({ deps, moment }: FeedCore): () => void {
  let fills: Fill[] = [];
  let gathering = false;
  const tellBigTrades = () => {
    gathering = false;
    const batch = fills;
    fills = [];
    try {
      for (const t of bigTrades(batch, deps.bigTradeCents())) {
        moment('bigTrade', {
          userId: t.userId,
          text: bigTradeText(t),
          data: { itemType: t.itemType, itemId: t.itemId, itemName: t.itemName, shares: t.shares, priceCents: t.priceCents, totalCents: t.totalCents },
        });
      }
    } catch (error) {
      // The database closed under a late batch (shutdown), or a disk failure: the feed misses a moment, the trade stands.
      deps.logger.warn({ err: error }, 'A big trade was not written to the feed');
    }
  };
  return deps.bus.subscribe((event: PublishedEvent) => {
    if (event.type !== 'tradeCompleted') return;
    const t = event.trade;
    const { buyerId, buyerUsername, sellerId, sellerUsername, itemType, itemId, itemName, shares, priceCents } = t;
    fills.push({ buyerId, buyerUsername, sellerId, sellerUsername, itemType, itemId, itemName, shares, priceCents });
    if (!gathering) {
      gathering = true;
      setImmediate(tellBigTrades);
    }
  });
}

/** Reading the feed: a page, what a returning subscriber missed, the unread count and read mark. */
function feedReads({ deps, repo, transaction }: FeedCore) {
  const isRemoved = deps.db.$client.prepare<[number], { one: number }>('SELECT 1 AS one FROM users WHERE id = ? AND left_at IS NOT NULL');
  return {
    /** A page of the feed, newest first; `cursor` is the nextCursor of the page before. */
    page(request: { cursor?: string | null | undefined; limit?: number | undefined }, readerId: number | null): ChatPage {
      const limit = request.limit ?? CHAT_PAGE_DEFAULT;
      let before: number | null = null;
      if (request.cursor) {
        const key = decodeCursor(request.cursor, 1);
        if (!key) throw new AppError('BAD_REQUEST', INVALID_CURSOR);
        before = key[0]!;
      }
      const rows = repo.page(before, limit + 1);
      const shown = rows.slice(0, limit);
      return {
        messages: withReactions(repo, shown, readerId),
        nextCursor: rows.length > limit ? encodeCursor([shown.at(-1)!.id]) : null,
      };
    },

    /** Items after `afterId`, oldest first, at most `limit` (what a returning subscriber missed). */
    since(afterId: number, limit: number, readerId: number | null): ChatMessage[] {
      // The newest `limit` items, those after afterId, oldest first (a longer gap: the client reads the page again).
      const rows = repo.page(null, limit).filter((row) => row.id > afterId);
      return withReactions(repo, rows.reverse(), readerId);
    },

    /** How many items the member has not read (at most UNREAD_CAP counted). */
    unread(userId: number): { count: number; capped: boolean } {
      const count = repo.unread(userId);
      return { count, capped: count >= UNREAD_CAP };
    },

    markRead(userId: number, lastReadId: number, keep?: Keep<{ count: number; capped: boolean }>): { count: number; capped: boolean } {
      return transaction(() => {
        repo.markRead(userId, Math.min(lastReadId, repo.lastId()), deps.now());
        const count = repo.unread(userId);
        const unread = { count, capped: count >= UNREAD_CAP };
        keep?.(unread);
        return unread;
      });
    },

    lastId: (): number => repo.lastId(),

    /** Whether the user was a member of the league and left its market (removed): they read none of its chat. */
    isRemoved: (userId: number): boolean => isRemoved.get(userId) !== undefined,
  };
}

/** Members' messages and reactions, each written in its own transaction with its idempotency key's answer (`keep`). */
function messageCommands({ deps, repo, transaction, publish }: FeedCore) {
  const { now } = deps;
  return {
    /**
     * A member's message: refused while they are muted. `keep` is told the message inside the
     * transaction that writes it (its idempotency key's answer, server/idempotency/once.ts).
     */
    post(author: Caller, text: string, keep?: Keep<ChatMessage>): ChatMessage {
      const at = now();
      const message = transaction(() => {
        orThrow(mayPost(repo.muteOf(author.id), at));
        const { id } = repo.add({ kind: 'message', userId: author.id, text, at });
        const written = toMessage(repo.get(id)!, []);
        keep?.(written);
        return written;
      });
      publish({ type: 'posted', message });
      return message;
    },

    /** Deletes a message (its author, or the moderator); deleting it again changes nothing. */
    remove(caller: Caller, id: number, moderator: boolean, keep?: Keep<Deleted>): Deleted {
      const done: Deleted = { id, deleted: true, message: CHAT_TEXT.deleted };
      const removed = transaction(() => {
        const item = repo.get(id);
        // Deleted already by someone who may: sent again, it answers the same.
        const again = item !== undefined && item.deletedAt !== null && (moderator || (item.kind === 'message' && item.userId === caller.id));
        if (!again) orThrow(mayDelete(item, caller.id, moderator));
        const changed = !again && repo.remove(id, caller.id, now());
        keep?.(done);
        return changed;
      });
      if (removed) publish({ type: 'deleted', id });
      return done;
    },

    /** Adds (on) or takes back (off) the caller's reaction; the same call twice leaves the same state. */
    react(caller: Caller, id: number, emoji: string, on: boolean, keep?: Keep<Reacted>): Reacted {
      let count: number | null = null;
      const answer = transaction((): Reacted => {
        orThrow(mayReact(repo.get(id)));
        const before = repo.reactionsOf([id], caller.id).find((r) => r.emoji === emoji);
        if (on !== (before?.mine ?? false)) count = repo.setReaction(id, caller.id, emoji, on, now());
        const reacted = { id, reactions: repo.reactionsOf([id], caller.id).map(({ emoji: e, count: n, mine }) => ({ emoji: e, count: n, mine })) };
        keep?.(reacted);
        return reacted;
      });
      if (count !== null) publish({ type: 'reacted', id, emoji, count, userId: caller.id, on });
      return answer;
    },
  };
}

/** The moderator's mutes. */
function moderation({ deps, repo, transaction }: FeedCore) {
  const { now } = deps;
  const isMember = deps.db.$client.prepare<[number], { one: number }>('SELECT 1 AS one FROM users WHERE id = ? AND left_at IS NULL');
  return {
    /** The moderator mutes a member for `minutes` (null: until unmuted). */
    mute(
      caller: Caller,
      facts: { moderator: boolean; commissionerId: number | null },
      userId: number,
      minutes: number | null | undefined,
      keep?: Keep<Muted>,
    ): Muted {
      return transaction(() => {
        orThrow(mayMute({ ...facts, callerId: caller.id, targetId: userId, targetIsMember: isMember.get(userId) !== undefined }));
        const at = now();
        const until = minutes == null ? null : at + minutes * 60_000;
        repo.mute(userId, caller.id, at, until);
        const row = repo.muteOf(userId)!;
        const muted = { mute: muteOut(row), message: CHAT_TEXT.mutedNotice(row.username, row.until) };
        keep?.(muted);
        return muted;
      });
    },

    unmute(caller: Caller, moderator: boolean, userId: number, keep?: Keep<Unmuted>): Unmuted {
      if (!moderator) throw new AppError('FORBIDDEN', CHAT_TEXT.commissionerOnly);
      return transaction(() => {
        const row = repo.muteOf(userId);
        repo.unmute(userId);
        const unmuted = { userId, message: CHAT_TEXT.unmutedNotice(row?.username ?? `User ${userId}`) };
        keep?.(unmuted);
        return unmuted;
      });
    },

    mutes(moderator: boolean) {
      if (!moderator) throw new AppError('FORBIDDEN', CHAT_TEXT.commissionerOnly);
      return { mutes: repo.mutes(now()).map(muteOut) };
    },
  };
}

/**
 * One league's chat and feed (docs/chat.md): members' messages and the league's moments, in its
 * file, told live to the subscribers of `subscribe`. Writes go to the league's file in their own
 * small transactions (synchronous=FULL, like accounts): they touch none of the market's tables.
 * Who may call is the router's business; what a caller may do to a message is the chat's rules
 * (domain/chat/moderation.ts).
 */
export function createLeagueFeed(deps: LeagueFeedDeps) {
  const core = feedCore(deps);
  const { listeners, moment, announce } = core;
  const unsubscribe = followBigTrades(core);
  return {
    ...feedReads(core),
    ...messageCommands(core),
    ...moderation(core),

    memberJoined(user: { id: number; username: string }, at: number): void {
      moment('newMember', { userId: user.id, text: newMemberText(user.username), key: `member:${user.id}:${at}`, at });
    },

    moment,
    announce,

    /** Messages, deletions and reactions as they happen; the items written before are read with `page`. */
    subscribe(listener: (event: ChatLiveEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    stop(): void {
      unsubscribe();
      listeners.clear();
    },
  };
}
export type LeagueFeed = ReturnType<typeof createLeagueFeed>;
