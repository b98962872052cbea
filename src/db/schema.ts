import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { INSTRUMENT_KINDS, TRADE_REASONS } from '../shared/instrument.js';
import { RANKINGS } from '../shared/ranking.js';
import { userSideSql } from './trade-user-side.js';

/** All money columns are integer cents; all share columns are integer share counts; times are epoch ms. */

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    /** HMAC-SHA256 of the normalised email, keyed with the server secret: the email itself is never stored. */
    emailHash: text('email_hash').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    avatar: text('avatar'),
    balanceCents: integer('balance_cents').notNull(),
    createdAt: integer('created_at').notNull(),
    /** In a league's file: when the member was removed from the league (their row stays: holdings, orders and trades name it). */
    leftAt: integer('left_at'),
  },
  (t) => [
    uniqueIndex('users_username_nocase').on(sql`${t.username} COLLATE NOCASE`),
    uniqueIndex('users_email_hash').on(t.emailHash),
    check('users_balance_nonnegative', sql`${t.balanceCents} >= 0`),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /** The league the SPEC paths and routes act on for this session; null = the default league. */
    currentLeagueId: integer('current_league_id'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    /** SHA-256 (hex) of the reset token. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('password_reset_tokens_user').on(t.userId)],
);

export const teams = sqliteTable('teams', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  conference: text('conference', { enum: ['East', 'West'] }).notNull(),
  division: text('division').notNull(),
  primaryColor: text('primary_color').notNull(),
  secondaryColor: text('secondary_color').notNull(),
  /** Open-market team shares: payroll − Σ the team's holdings. */
  sharesRemaining: integer('shares_remaining').notNull().default(0),
  lastTradePriceCents: integer('last_trade_price_cents'),
});

export const players = sqliteTable(
  'players',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    /** Salary in whole dollars; equals the player's total shares. */
    salary: integer('salary').notNull(),
    /** Open-market shares: salary − Σ the player's holdings. */
    sharesRemaining: integer('shares_remaining').notNull(),
    lastTradePriceCents: integer('last_trade_price_cents'),
    retiredAt: integer('retired_at'),
    /** Drafted rookies: until then only holders of the player's team may buy. */
    restrictedUntil: integer('restricted_until'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('players_name').on(t.name),
    index('players_team').on(t.teamId),
    check('players_salary_positive', sql`${t.salary} > 0`),
    check('players_remaining_range', sql`${t.sharesRemaining} >= 0 AND ${t.sharesRemaining} <= ${t.salary}`),
  ],
);

/** What a user owns of one instrument (a player or a team), keyed like orders and trades. */
export const holdings = sqliteTable(
  'holdings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instrument: text('instrument', { enum: INSTRUMENT_KINDS }).notNull(),
    instrumentId: integer('instrument_id').notNull(),
    /** All shares owned, listed ones included (an open offer escrows part of them). */
    shares: integer('shares').notNull(),
    /** Total paid for the shares held, for the weighted average buy price. */
    costBasisCents: integer('cost_basis_cents').notNull(),
    minSellPriceCents: integer('min_sell_price_cents').notNull(),
    /** False while the minimum sell price is the default (10% over the average buy price), which follows the average as the holding grows. */
    minSellCustom: integer('min_sell_custom', { mode: 'boolean' }).notNull().default(false),
    /** Time priority of the standing sell: when the minimum price was last set or the holding last grew. */
    minSellSeq: integer('min_sell_seq').notNull(),
    /** A team holding's 7-day lock; always 0 for a player. */
    lockedUntil: integer('locked_until').notNull().default(0),
  },
  (t) => [
    // An instrument's holdings side by side (the table is WITHOUT ROWID, migration 0019): a contract
    // change rewrites every holding of one instrument, a few pages rather than one per holder.
    primaryKey({ columns: [t.instrument, t.instrumentId, t.userId] }),
    index('holdings_user').on(t.userId),
    // The team locks about to end, without reading every player holding.
    index('holdings_team_lock')
      .on(t.lockedUntil)
      .where(sql`instrument = 'team'`),
    check('holdings_shares_positive', sql`${t.shares} > 0`),
  ],
);

/** Resting orders. `ask` = a buyer's order (cash escrowed); `offer` = a holder's listing (shares escrowed). */
export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    side: text('side', { enum: ['ask', 'offer'] }).notNull(),
    instrument: text('instrument', { enum: INSTRUMENT_KINDS }).notNull(),
    instrumentId: integer('instrument_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    priceCents: integer('price_cents').notNull(),
    sharesTotal: integer('shares_total').notNull(),
    sharesRemaining: integer('shares_remaining').notNull(),
    status: text('status', { enum: ['open', 'filled', 'cancelled'] }).notNull(),
    /** Monotonic sequence for time priority. */
    seq: integer('seq').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    // Every read of orders asks for open ones (or goes by id): partial indexes hold only those, so a
    // fill or a cancel removes one entry from each instead of rewriting every index that names status.
    index('orders_open_book')
      .on(t.instrument, t.instrumentId, t.side, t.priceCents, t.seq)
      .where(sql`status = 'open'`),
    index('orders_open_user')
      .on(t.userId, t.instrument, t.instrumentId, t.side)
      .where(sql`status = 'open'`),
    check('orders_price_min', sql`${t.priceCents} >= 100`),
    check('orders_remaining_range', sql`${t.sharesRemaining} >= 0 AND ${t.sharesRemaining} <= ${t.sharesTotal}`),
  ],
);

export const declinedAsks = sqliteTable(
  'declined_asks',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.userId] })],
);

export const trades = sqliteTable(
  'trades',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    instrument: text('instrument', { enum: INSTRUMENT_KINDS }).notNull(),
    instrumentId: integer('instrument_id').notNull(),
    buyerId: integer('buyer_id').references(() => users.id),
    /** Null when the open market sold (a buy at $1.00); a dump has a null buyer. */
    sellerId: integer('seller_id').references(() => users.id),
    shares: integer('shares').notNull(),
    priceCents: integer('price_cents').notNull(),
    createdAt: integer('created_at').notNull(),
    /** Why the trade happened when it was not an order or a dump: 'retirement' for the open market's buy-back of a retiring player's shares. */
    reason: text('reason', { enum: TRADE_REASONS }),
    /**
     * The seller's realized profit on this sale (docs/rules.md §5): proceeds − the shares' cost at
     * their average buy price then, written with the trade. Null when the open market sold, and for
     * trades made before it was kept.
     */
    realizedCents: integer('realized_cents'),
  },
  (t) => [
    index('trades_instrument_time').on(t.instrument, t.instrumentId, t.createdAt),
    // A retired player's holders at retirement (his buy-backs), most shares first: only those trades are in it.
    index('trades_retirement')
      .on(t.instrumentId, sql`${t.shares} DESC`, t.sellerId)
      .where(sql`reason = 'retirement'`),
    // A user's trades newest first, a page at a time: by user, then time and id. They also hold the
    // user's side of each trade packed in one value (trade-user-side.ts), so a value chart reads its
    // trades from them alone, in order, as one value (the seller's holds the buyer, to leave out self-trades).
    index('trades_buyer_time').on(t.buyerId, t.createdAt, t.id, sql.raw(userSideSql('shares'))),
    index('trades_seller_time').on(t.sellerId, t.createdAt, t.id, t.buyerId, sql.raw(userSideSql('-shares'))),
    index('trades_time').on(t.createdAt),
    check('trades_shares_positive', sql`${t.shares} > 0`),
  ],
);

/**
 * When an instrument's open market became empty (`held` false) or held shares again (`held` true):
 * only changes are written, in the same transaction as what changed it. The mark (docs/rules.md §5)
 * is $1.00 once the open market has held shares for a day, and the value chart asks when that was.
 */
export const openMarketChanges = sqliteTable(
  'open_market_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    instrument: text('instrument', { enum: INSTRUMENT_KINDS }).notNull(),
    instrumentId: integer('instrument_id').notNull(),
    held: integer('held', { mode: 'boolean' }).notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('open_market_changes_instrument').on(t.instrument, t.instrumentId, t.at)],
);

/**
 * A league's seasons (docs/seasons.md), in the league's file: the current one has no `endedAt`; an
 * ended one keeps its final standings, holdings, trade figures and statistics in `archive`. A
 * season's trades are those with ids after its `afterTradeId` (trade ids only grow) and up to the
 * next season's.
 */
export const seasons = sqliteTable('seasons', {
  number: integer('number').primaryKey(),
  startedAt: integer('started_at').notNull(),
  endedAt: integer('ended_at'),
  /** The largest trade id when the season started. */
  afterTradeId: integer('after_trade_id').notNull(),
  archive: text('archive', { mode: 'json' }),
  /** When the current season ends by itself (its commissioner set it); null: when they end it. */
  endsAt: integer('ends_at'),
});

/**
 * A league's chat and feed (docs/chat.md), in the league's file: members' messages and the league's
 * notable moments (a big trade, a new leader, a new member, a season's end, the weekly recap), one
 * list in time order (ids only grow). A deleted message keeps its row, out of every read.
 */
export const feedItems = sqliteTable(
  'feed_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** `message` (a member wrote it) or the kind of moment. */
    kind: text('kind').notNull(),
    /** The author of a message; the member a moment is about (null when it is about no one). */
    userId: integer('user_id').references(() => users.id),
    text: text('text').notNull(),
    /** A moment's figures, for the screens (JSON). */
    data: text('data', { mode: 'json' }),
    createdAt: integer('created_at').notNull(),
    deletedAt: integer('deleted_at'),
    deletedBy: integer('deleted_by'),
    /**
     * A moment's own key (a season's end, a week's recap, a member joining): written once, whoever
     * notices it first. Messages have none: a retried post is answered by its idempotency key.
     */
    momentKey: text('moment_key'),
  },
  (t) => [
    uniqueIndex('feed_items_moment_key')
      .on(t.momentKey)
      .where(sql`moment_key IS NOT NULL`),
    check('feed_items_text_length', sql`length(${t.text}) <= 4000`),
  ],
);

/** Reactions to feed items: one row per member, item and emoji. */
export const feedReactions = sqliteTable(
  'feed_reactions',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => feedItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    emoji: text('emoji').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId, t.emoji] })],
);

/** Members the commissioner muted in the league's chat: until `until` (null: until unmuted). */
export const chatMutes = sqliteTable('chat_mutes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  mutedBy: integer('muted_by').notNull(),
  mutedAt: integer('muted_at').notNull(),
  until: integer('until'),
});

/** The players and teams a member starred in the league's market (the market table's "Watchlist" filter). */
export const watchlist = sqliteTable(
  'watchlist',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instrument: text('instrument', { enum: INSTRUMENT_KINDS }).notNull(),
    instrumentId: integer('instrument_id').notNull(),
    addedAt: integer('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instrument, t.instrumentId] })],
);

/** How far each member has read the league's feed (for the unread count). */
export const chatReads = sqliteTable('chat_reads', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  lastReadId: integer('last_read_id').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * A member's inbox (docs/inbox.md), in the league's file: every notice the member was sent (a fill,
 * being outbid, a new bid for shares they hold, a retirement's buy-back, a season's end, being passed),
 * written with what caused it, kept 30 days. `data` holds the notice's figures; the server words it.
 */
export const inboxEntries = sqliteTable(
  'inbox_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: text('data', { mode: 'json' }).notNull(),
    createdAt: integer('created_at').notNull(),
    readAt: integer('read_at'),
  },
  (t) => [
    // A member's entries newest first, a page at a time (the rowid follows).
    index('inbox_entries_user').on(t.userId, t.id),
    // A member's unread entries only (the home's "since your last visit", mark all read).
    index('inbox_entries_unread')
      .on(t.userId, t.id)
      .where(sql`read_at IS NULL`),
    // The 30-day pruning, oldest first.
    index('inbox_entries_time').on(t.createdAt),
  ],
);

/** Each member's unread entries, kept as entries are written, read and pruned (never counted per request). */
export const inboxUnread = sqliteTable(
  'inbox_unread',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull(),
  },
  (t) => [check('inbox_unread_nonnegative', sql`${t.unread} >= 0`)],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Null for actions taken from the command line. */
    actorId: integer('actor_id').references(() => users.id),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    details: text('details', { mode: 'json' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('audit_log_time').on(t.createdAt)],
);

/**
 * A browser's Web Push subscription (one per device), made when its owner turned on a "Notify me"
 * switch; the keys encrypt what is sent to it. Removed when the owner turns every switch off, or
 * when the push service says the subscription is gone.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as the subscription gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user').on(t.userId)],
);

/** The kinds of notification (src/shared/push.ts) a subscription opted into. */
export const pushSubscriptionKinds = sqliteTable(
  'push_subscription_kinds',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.kind] })],
);

/**
 * The league registry (docs/leagues.md), in the accounts database: each league's market lives in its
 * own file, `DATA_DIR/leagues/{id}.db`. League 1 is the default league everyone who registers joins.
 */
export const leagues = sqliteTable(
  'leagues',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The invite link's code; a new one ends the old links. */
    inviteCode: text('invite_code').notNull(),
    startingCashCents: integer('starting_cash_cents').notNull(),
    /** Open leagues are listed and anyone may join; invite-only ones need the code. */
    open: integer('open', { mode: 'boolean' }).notNull().default(false),
    /** What the leaderboard and the season's standings rank by (docs/rules.md §5): a new league's is net worth. */
    ranking: text('ranking', { enum: RANKINGS }).notNull().default('netWorth'),
    /** Null for the default league: the server's admins act for it. */
    commissionerId: integer('commissioner_id').references(() => users.id),
    createdAt: integer('created_at').notNull(),
    /**
     * A copy of the league's current season's end time (the league's file holds it): what the
     * server reads at start-up to wake a league whose season ends while nobody uses it.
     */
    seasonEndsAt: integer('season_ends_at'),
  },
  (t) => [
    uniqueIndex('leagues_slug').on(t.slug),
    uniqueIndex('leagues_invite_code').on(t.inviteCode),
    check('leagues_starting_cash_positive', sql`${t.startingCashCents} > 0`),
  ],
);

export const leagueMembers = sqliteTable(
  'league_members',
  {
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.userId] }), index('league_members_user').on(t.userId)],
);

/**
 * Members a commissioner removed (RULES.md, Leagues): they cannot join the league again, by its
 * code or from the open leagues' list, until the commissioner lets them back in (the row goes).
 */
export const leagueRemovals = sqliteTable(
  'league_removals',
  {
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedAt: integer('removed_at').notNull(),
    /** Who removed them (the commissioner then). */
    removedBy: integer('removed_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.userId] })],
);

/**
 * Idempotency keys (docs/api.md §1, docs/architecture.md §3): the first answer to each command a
 * client sent with a key, kept 24 hours. Written in the same transaction as the command's effect,
 * in the file that holds it: a league's file for its market's commands, the accounts database for
 * account and league-management commands. A replay with the same key gets `answer` again.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** The command it answered (the tRPC procedure, e.g. `trade.buy`). */
    command: text('command').notNull(),
    /** SHA-256 of the command and its input: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The first answer: `{ ok: true, value }` or `{ ok: false, code, message }`. */
    answer: text('answer').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_time').on(t.createdAt)],
);
