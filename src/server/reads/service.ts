import type { Db } from '../../db/client.js';
import { changePercent } from '../../db/repos/portfolio-reads.js';
import { LEADERBOARD_LIMIT, STATS_LIMIT, type LeaderboardRow } from '../../db/repos/stats-reads.js';
import { rankBy, type RankFigures } from '../../domain/seasons/ranking.js';
import type { Ranking } from '../../shared/ranking.js';
import type { PlayersChange } from '../../shared/live.js';
import { createTradeReadsRepo } from '../../db/repos/trade-reads.js';
import { createUserRowsRepo } from '../../db/repos/user-rows.js';
import type { Exchange } from '../../engine/exchange.js';
import { keyOf, type InstrumentView } from '../../engine/read-models/instruments.js';
import { RETIREMENT_PRICE_CENTS } from '../../domain/market/contracts.js';
import { PAGE_DEFAULT } from '../../shared/schemas/pages.js';
import type { OrderView } from '../../engine/read-models/open-orders.js';
import type { ReadModels } from '../../engine/read-models/read-models.js';
import type {
  AskOut,
  CountsOut,
  LeaderboardRowOut,
  MarketDetail,
  MarketGlanceOut,
  MyOrders,
  OfferOut,
  PlayerOut,
  PlayersSinceResult,
  PortfolioOut,
  ShareholderOut,
  StatisticsOut,
  TradeOut,
  UserTradeOut,
} from '../../shared/schemas/market.js';
import type { Page } from '../../shared/schemas/pages.js';
import { AppError } from '../errors.js';
import { itemDetail } from './detail.js';
import { cursorKey, mapPage, pageOf, type PageRequest } from './pages.js';
import { holderRows, orderRows, playerRow } from './rows.js';
import { playersChangeOf, playerSharesOf, playersSinceOf, sharedPlayerLists } from './player-list.js';
import { sharedGlances } from './glance.js';
import { toAsk, toLeaderboardRow, toOffer, toPlayer, toPortfolio, toShareholder, toStatistics, toTrade, toUserTrade } from './shape.js';
import type { InstrumentKind } from '../../shared/instrument.js';

export const PLAYER_NOT_FOUND = 'Player not found';
export const USER_NOT_FOUND = 'User not found';
export const PLAYER_TRADES_SHOWN = 50;

/** How many more ranked users to read when the first ten named removed members. */
const REMOVED_SLACK = 20;
const orderKey = (o: OrderView) => [o.priceCents, o.seq, o.id];
const orderCursor = (key: number[] | null) => (key ? { priceCents: key[0]!, seq: key[1]!, id: key[2]! } : null);

/** What every read shares: the league's database readers, its read models, and the paging of holders and orders. */
function readBasics(db: Db, now: () => number, exchange: Exchange) {
  const trades = createTradeReadsRepo(db);
  const users = createUserRowsRepo(db);
  const models = (): ReadModels => exchange.readModels();

  /** A player, active or retired: a retired player keeps his page (docs/rules.md §7). */
  const knownPlayer = (m: ReadModels, playerId: number) => {
    const i = m.instruments.get('player', playerId);
    if (!i) throw new AppError('NOT_FOUND', PLAYER_NOT_FOUND);
    return i;
  };

  /** A retired player's holders at his retirement (his buy-backs), most shares first, a page at a time. */
  const retiredHoldersPage = (i: InstrumentView, request: PageRequest): Page<ShareholderOut> => {
    const after = cursorKey(request, 2);
    const page = pageOf(
      request,
      (limit) => trades.holdersAtRetirement(i.id, after ? { shares: after[0]!, userId: after[1]! } : null, limit),
      (h) => [h.shares, h.userId],
    );
    // Their minimum prices went with their holdings: the price they were paid stands in for it.
    return mapPage(page, (items) => items.map((h) => toShareholder({ ...h, minSellPriceCents: RETIREMENT_PRICE_CENTS }, i.totalShares)));
  };

  /** A page of a player's or team's holders: today's, or a retired player's at his retirement. */
  const holdersOf = (m: ReadModels, i: InstrumentView, request: PageRequest): Page<ShareholderOut> =>
    i.active ? holdersPage(m, keyOf(i.kind, i.id), i.totalShares, request) : retiredHoldersPage(i, request);

  const holdersPage = (m: ReadModels, key: string, totalShares: number, request: PageRequest): Page<ShareholderOut> => {
    const after = cursorKey(request, 2);
    const page = pageOf(
      request,
      (limit) => m.holdings.page(key, after ? { shares: after[0]!, userId: after[1]! } : null, limit),
      (h) => [h.shares, h.userId],
    );
    return mapPage(page, (items) => holderRows(users, items).map((h) => toShareholder(h, totalShares)));
  };

  const ordersPage = <T>(
    m: ReadModels,
    request: PageRequest,
    fetch: (after: ReturnType<typeof orderCursor>, limit: number) => OrderView[],
    shape: (rows: ReturnType<typeof orderRows>) => T[],
  ): Page<T> => {
    const after = orderCursor(cursorKey(request, 3));
    return mapPage(
      pageOf(request, (limit) => fetch(after, limit), orderKey),
      (items) => shape(orderRows(m, users, items)),
    );
  };

  return { now, exchange, trades, users, models, knownPlayer, holdersOf, retiredHoldersPage, ordersPage };
}
type ReadBasics = ReturnType<typeof readBasics>;

/** The players, a player's or team's holders, and the market's detail and order book pages. */
function marketReads(b: ReadBasics) {
  const { now, exchange, trades, users, models, knownPlayer, holdersOf, retiredHoldersPage, ordersPage } = b;
  const known = (m: ReadModels, kind: InstrumentKind, id: number) => {
    if (!m.instruments.get(kind, id)) throw new AppError('NOT_FOUND', kind === 'player' ? PLAYER_NOT_FOUND : 'Team not found');
  };
  const sharedList = sharedPlayerLists();
  const listReady = (): Promise<void> | null => exchange.marksRead();
  const sharedGlance = sharedGlances(now);
  return {
    /** Every active player and team at a glance (24-hour change, 7-day sparkline) and the strips above the market table: one answer for everyone, built once per change. */
    glance(): MarketGlanceOut {
      return sharedGlance(models());
    },

    /** Resolves when a list of every instrument can be built without reading marks from the file (see `Exchange.marksRead`); null when it can now. */
    listReady,

    /** Every active player, the caller's shares joined to the list everyone shares (built and encoded once per change). */
    players(callerId: number | null): PlayerOut[] {
      const m = models();
      const list = sharedList.list(m);
      return callerId === null ? list.rows : list.joined(playerSharesOf(m, callerId));
    },

    /** The rows of the players list changed since the version the caller holds (all of them when it holds none or too old a one), and the caller's shares. */
    playersSince: (callerId: number | null, since: string | undefined): PlayersSinceResult => playersSinceOf(sharedList, models(), callerId, since),

    /** The rows of the players list changed since a version of it, as everyone sees them: what the ticker carries. */
    playersChange: (since: string | undefined): PlayersChange | undefined => (listReady() ? undefined : playersChangeOf(sharedList, models(), since)),

    /** A player and a page of its holders, most shares first. */
    shareholders(playerId: number, callerId: number | null, request: PageRequest) {
      const m = models();
      const i = knownPlayer(m, playerId);
      const page = holdersOf(m, i, request);
      return { player: toPlayer(playerRow(m, i, callerId), m.markOf('player', i.id)), shareholders: page.items, nextCursor: page.nextCursor };
    },

    /** A page of a player's or team's holders (a retired player's at his retirement). */
    holders(kind: InstrumentKind, id: number, request: PageRequest): Page<ShareholderOut> {
      const m = models();
      const i = m.instruments.get(kind, id);
      if (!i) throw new AppError('NOT_FOUND', kind === 'player' ? PLAYER_NOT_FOUND : 'Team not found');
      return holdersOf(m, i, request);
    },

    /** A player's page; a retired player's keeps his trades and, as its shareholders, his holders at retirement. */
    marketDetail(playerId: number, callerId: number | null): MarketDetail {
      const m = models();
      const i = knownPlayer(m, playerId);
      const detail = itemDetail(m, users, exchange.book({ kind: 'player', id: playerId }), i);
      const player = toPlayer(playerRow(m, i, callerId), m.markOf('player', i.id));
      const recent = trades.ofInstrument('player', playerId, PLAYER_TRADES_SHOWN).map(toTrade);
      if (i.active) return { player, trades: recent, ...detail };
      const holders = retiredHoldersPage(i, { limit: PAGE_DEFAULT });
      return {
        player,
        trades: recent,
        ...detail,
        shareholders: holders.items,
        pages: { ...detail.pages, shareholders: holders.nextCursor },
        totals: { ...detail.totals, shareholders: trades.holderCountAtRetirement(playerId) },
      };
    },

    /** A page of one instrument's asks, best first. */
    itemAsks(kind: InstrumentKind, id: number, request: PageRequest): Page<AskOut> {
      const m = models();
      known(m, kind, id);
      return ordersPage(
        m,
        request,
        (after, limit) => m.orders.page(keyOf(kind, id), 'ask', after, limit),
        (rows) => rows.map(toAsk),
      );
    },

    /** A page of one instrument's offers, cheapest first. */
    itemOffers(kind: InstrumentKind, id: number, request: PageRequest): Page<OfferOut> {
      const m = models();
      known(m, kind, id);
      return ordersPage(
        m,
        request,
        (after, limit) => m.orders.page(keyOf(kind, id), 'offer', after, limit),
        (rows) => rows.map(toOffer),
      );
    },

    /** Every open offer, a page at a time, cheapest first. */
    offers(request: PageRequest): Page<OfferOut> {
      const m = models();
      return ordersPage(
        m,
        request,
        (after, limit) => m.orders.allOffersPage(after, limit),
        (rows) => rows.map(toOffer),
      );
    },
  };
}

/** One user's: the asks for them, their badges, orders, portfolio, trades and value. */
function userReads(b: ReadBasics) {
  const { now, trades, users, models, ordersPage } = b;
  return {
    relevantAsks(userId: number, request: PageRequest): Page<AskOut> {
      const m = models();
      return ordersPage(
        m,
        request,
        (after, limit) => m.relevantAsksPage(userId, after, limit),
        (rows) => rows.map(toAsk),
      );
    },

    /** The navigation badges' numbers. */
    counts(userId: number): CountsOut {
      const m = models();
      return { sharesForSale: m.orders.offersTotal, offersForYou: m.relevantAskCount(userId) };
    },

    /**
     * What a change of one instrument's orders does to a user's badges: the figure of offers for sale
     * now (as `counts` says it), and whether the user holds the instrument (asks on it are offers for
     * them, and a new best bid on it may reach their inbox).
     */
    badgeFacts(userId: number, kind: InstrumentKind, id: number): { sharesForSale: number; holds: boolean } {
      const m = models();
      return { sharesForSale: m.orders.offersTotal, holds: m.holdings.ofUser(userId).has(keyOf(kind, id)) };
    },

    myOrders(userId: number): MyOrders {
      const m = models();
      const mine = [...m.orders.ofUser(userId)].sort((a, b) => b.seq - a.seq || b.id - a.id);
      const rows = orderRows(m, users, mine);
      return { asks: rows.filter((r) => r.side === 'ask').map(toAsk), offers: rows.filter((r) => r.side === 'offer').map(toOffer) };
    },

    portfolio(userId: number): PortfolioOut {
      const m = models();
      const user = users.cards([userId]).get(userId);
      if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
      const held = m.valueHoldings(userId, now());
      return toPortfolio(
        {
          userId: user.id,
          username: user.username,
          avatar: user.avatar,
          balanceCents: user.balanceCents,
          escrowCents: held.escrowCents,
          shareValueCents: held.shareValueCents,
          totalValueCents: user.balanceCents + held.escrowCents + held.shareValueCents,
          shareValueAtWeeklyAvgCents: held.shareValueAtWeeklyAvgCents,
          dailyChangePercent: changePercent(held.shareValueCents, held.shareValueAtWeeklyAvgCents),
          players: held.players,
          teams: held.teams,
        },
        m.realizedOf(userId),
      );
    },

    /** A page of the user's trades, newest first: of every season, or of `season`. */
    userTrades(userId: number, request: PageRequest, season?: number): Page<UserTradeOut> {
      const after = cursorKey(request, 2);
      const from = after ? { at: after[0]!, id: after[1]! } : null;
      const page = pageOf(
        request,
        (limit) => (season === undefined ? trades.ofUserPage(userId, from, limit) : trades.ofUserSeasonPage(userId, season, from, limit)),
        (t) => [t.createdAt, t.id],
      );
      return mapPage(page, (items) => items.map((t) => toUserTrade(t, userId)));
    },

    /** Share value and escrow of one user, for the user box. */
    valueOf(userId: number): { shareValueCents: number; escrowCents: number } {
      const m = models();
      return { shareValueCents: m.shareValueCents(userId), escrowCents: m.orders.escrowCents(userId) };
    },

    /** Share value and escrow of each of these users, in order (a league's standings: the read models made current once, not per member). */
    valuesOf(userIds: readonly number[]): { shareValueCents: number; escrowCents: number }[] {
      const m = models();
      return userIds.map((userId) => ({ shareValueCents: m.shareValueCents(userId), escrowCents: m.orders.escrowCents(userId) }));
    },
  };
}

type Ranked = RankFigures & { rank: number; tied: boolean };

/** A member's place and their neighbours' (each with a username). */
export interface StandingAround {
  me: Ranked;
  /** Current members ranked. */
  count: number;
  leader: (Ranked & { username: string }) | null;
  above: (Ranked & { username: string }) | null;
  below: (Ranked & { username: string }) | null;
}

/** The leaderboard by the league's ranking rule, and the league's statistics. */
function boardReads(b: ReadBasics) {
  const { now, users, models } = b;
  /**
   * The first members by share value, one more than the board shows (so that a tie at its last
   * place is seen): removed members left out, members without shares after, by id.
   */
  const byShareValue = (m: ReadModels): RankFigures[] => {
    const wanted = LEADERBOARD_LIMIT + 1;
    // Removed members keep their shares but count on no leaderboard (docs/leagues.md §2).
    let ranked = m.topByShareValue(wanted);
    const current = users.current(ranked.map((r) => r.userId));
    if (current.size < ranked.length) {
      const wider = m.topByShareValue(wanted + ranked.length - current.size + REMOVED_SLACK);
      const members = users.current(wider.map((r) => r.userId));
      ranked = wider.filter((r) => members.has(r.userId)).slice(0, wanted);
    }
    if (ranked.length < wanted) {
      const listed = new Set(ranked.map((r) => r.userId));
      for (const userId of users.firstIds(wanted + ranked.length)) {
        if (ranked.length >= wanted) break;
        if (!listed.has(userId)) ranked.push({ userId, shareValueCents: 0 });
      }
    }
    return ranked.map((r) => ({ ...r, netWorthCents: 0 }));
  };

  /** Every current member by net worth (cash, cash in open asks, shares at their marks): kept while the market and the clock's second stand. */
  let netWorths: { version: number; second: number; rows: RankFigures[] } | null = null;
  const byNetWorth = (m: ReadModels): RankFigures[] => {
    const second = Math.floor(now() / 1000);
    m.markSource();
    if (netWorths && netWorths.version === m.version && netWorths.second === second) return netWorths.rows;
    const rows = users.cash().map((u) => {
      const shareValueCents = m.shareValueCents(u.id);
      return { userId: u.id, shareValueCents, netWorthCents: u.balanceCents + m.orders.escrowCents(u.id) + shareValueCents };
    });
    netWorths = { version: m.version, second, rows };
    return rows;
  };

  /** Every current member ranked by the rule, and each one's place in the list: kept while the market, the clock's second and the rule stand. */
  let standings: { version: number; second: number; rule: Ranking; rows: Ranked[]; at: Map<number, number> } | null = null;
  const everyStanding = (m: ReadModels, rule: Ranking) => {
    const rows = byNetWorth(m);
    const second = Math.floor(now() / 1000);
    if (standings && standings.version === m.version && standings.second === second && standings.rule === rule) return standings;
    const ranked = rankBy(rule, rows);
    standings = { version: m.version, second, rule, rows: ranked, at: new Map(ranked.map((r, i) => [r.userId, i])) };
    return standings;
  };

  return {
    /**
     * A member's place by the league's rule, with those just above and below, and the leader: what
     * the home shows ("2nd, $1.2M behind the leader"). Null for someone who is not a current member.
     */
    standingAround(rule: Ranking, userId: number): StandingAround | null {
      const { rows, at } = everyStanding(models(), rule);
      const i = at.get(userId);
      if (i === undefined) return null;
      const me = rows[i]!;
      const near = [rows[0]!, rows[i - 1], rows[i + 1]].filter((r): r is Ranked => r !== undefined);
      const cards = users.cards(near.map((r) => r.userId));
      const named = (r: Ranked | undefined) => (r && cards.has(r.userId) ? { ...r, username: cards.get(r.userId)!.username } : null);
      return { me, count: rows.length, leader: i === 0 ? null : named(rows[0]), above: i === 0 ? null : named(rows[i - 1]), below: named(rows[i + 1]) };
    },

    /**
     * The top of the league by its ranking rule (docs/rules.md §5): share value (members without
     * shares after those with, by id) or net worth. Equal figures share a place.
     */
    leaderboard(rule: Ranking): LeaderboardRowOut[] {
      const m = models();
      const ranked = rankBy(rule, rule === 'shareValue' ? byShareValue(m) : byNetWorth(m)).slice(0, LEADERBOARD_LIMIT);
      const cards = users.cards(ranked.map((r) => r.userId));
      return ranked
        .filter((r) => cards.has(r.userId))
        .map((r): LeaderboardRow => {
          const card = cards.get(r.userId)!;
          const escrowCents = m.orders.escrowCents(r.userId);
          return {
            rank: r.rank,
            tied: r.tied,
            userId: r.userId,
            username: card.username,
            avatar: card.avatar,
            balanceCents: card.balanceCents,
            escrowCents,
            shareValueCents: r.shareValueCents,
            totalValueCents: card.balanceCents + escrowCents + r.shareValueCents,
          };
        })
        .map(toLeaderboardRow);
    },

    statistics(): StatisticsOut {
      return toStatistics(models().statistics(now(), STATS_LIMIT));
    },
  };
}

/**
 * The read side of the market: each method is one procedure's answer, in API shape. Figures come
 * from the exchange's read models (kept with every commit), lists a page at a time; only names,
 * balances and trade history are read from the database, by key. Callers have already checked who
 * may read what.
 */
export function createReadService(db: Db, now: () => number, exchange: Exchange) {
  const b = readBasics(db, now, exchange);
  return {
    ...marketReads(b),
    ...userReads(b),
    ...boardReads(b),

    recentTrades(limit: number): TradeOut[] {
      return b.trades.recent(limit).map(toTrade);
    },
  };
}
export type ReadService = ReturnType<typeof createReadService>;

/** The read service of these services (a league's). */
export function readsOf(services: { reads: ReadService }): ReadService {
  return services.reads;
}
