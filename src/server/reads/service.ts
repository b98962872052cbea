import type { Db } from '../../db/client.js';
import { changePercent } from '../../db/repos/portfolio-reads.js';
import { LEADERBOARD_LIMIT, STATS_LIMIT, type LeaderboardRow } from '../../db/repos/stats-reads.js';
import { createTradeReadsRepo } from '../../db/repos/trade-reads.js';
import { createUserRowsRepo } from '../../db/repos/user-rows.js';
import type { Exchange } from '../../engine/exchange.js';
import { keyOf } from '../../engine/read-models/instruments.js';
import type { OrderView } from '../../engine/read-models/open-orders.js';
import type { ReadModels } from '../../engine/read-models/read-models.js';
import type {
  AskOut,
  CountsOut,
  LeaderboardRowOut,
  MarketDetail,
  MyOrders,
  OfferOut,
  PlayerOut,
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

  const activePlayer = (m: ReadModels, playerId: number) => {
    const i = m.instruments.get('player', playerId);
    if (!i || !i.active) throw new AppError('NOT_FOUND', PLAYER_NOT_FOUND);
    return i;
  };

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

  return { now, exchange, trades, users, models, activePlayer, holdersPage, ordersPage };
}
type ReadBasics = ReturnType<typeof readBasics>;

/** The players, a player's or team's holders, and the market's detail and order book pages. */
function marketReads(b: ReadBasics) {
  const { exchange, trades, users, models, activePlayer, holdersPage, ordersPage } = b;
  const known = (m: ReadModels, kind: InstrumentKind, id: number) => {
    if (!m.instruments.get(kind, id)) throw new AppError('NOT_FOUND', kind === 'player' ? PLAYER_NOT_FOUND : 'Team not found');
  };
  return {
    players(callerId: number | null): PlayerOut[] {
      const m = models();
      return m.instruments.players().map((i) => toPlayer(playerRow(m, i, callerId)));
    },

    /** A player and a page of its holders, most shares first. */
    shareholders(playerId: number, callerId: number | null, request: PageRequest) {
      const m = models();
      const i = activePlayer(m, playerId);
      const page = holdersPage(m, keyOf('player', playerId), i.totalShares, request);
      return { player: toPlayer(playerRow(m, i, callerId)), shareholders: page.items, nextCursor: page.nextCursor };
    },

    /** A page of a player's or team's holders. */
    holders(kind: InstrumentKind, id: number, request: PageRequest): Page<ShareholderOut> {
      const m = models();
      const i = m.instruments.get(kind, id);
      if (!i || !i.active) throw new AppError('NOT_FOUND', kind === 'player' ? PLAYER_NOT_FOUND : 'Team not found');
      return holdersPage(m, keyOf(kind, id), i.totalShares, request);
    },

    marketDetail(playerId: number, callerId: number | null): MarketDetail {
      const m = models();
      const i = activePlayer(m, playerId);
      return {
        player: toPlayer(playerRow(m, i, callerId)),
        trades: trades.ofInstrument('player', playerId, PLAYER_TRADES_SHOWN).map(toTrade),
        ...itemDetail(m, users, exchange.book({ kind: 'player', id: playerId }), i),
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
      return toPortfolio({
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
      });
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
  };
}

/** The top users by share value (ties: lower user id), then users without shares by id; removed members on none. */
function leaderboardRows(m: ReadModels, users: ReadBasics['users']): LeaderboardRowOut[] {
  // Removed members keep their shares but count on no leaderboard (docs/leagues.md §2).
  let ranked = m.topByShareValue(LEADERBOARD_LIMIT);
  const current = users.current(ranked.map((r) => r.userId));
  if (current.size < ranked.length) {
    const wider = m.topByShareValue(LEADERBOARD_LIMIT + ranked.length - current.size + REMOVED_SLACK);
    const members = users.current(wider.map((r) => r.userId));
    ranked = wider.filter((r) => members.has(r.userId)).slice(0, LEADERBOARD_LIMIT);
  }
  if (ranked.length < LEADERBOARD_LIMIT) {
    const listed = new Set(ranked.map((r) => r.userId));
    for (const userId of users.firstIds(LEADERBOARD_LIMIT + ranked.length)) {
      if (ranked.length >= LEADERBOARD_LIMIT) break;
      if (!listed.has(userId)) ranked.push({ userId, shareValueCents: 0 });
    }
    ranked.sort((a, b) => b.shareValueCents - a.shareValueCents || a.userId - b.userId);
  }
  const cards = users.cards(ranked.map((r) => r.userId));
  return ranked
    .filter((r) => cards.has(r.userId))
    .map((r, index): LeaderboardRow => {
      const card = cards.get(r.userId)!;
      const escrowCents = m.orders.escrowCents(r.userId);
      return {
        rank: index + 1,
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

    recentTrades(limit: number): TradeOut[] {
      return b.trades.recent(limit).map(toTrade);
    },

    /** The top users by share value (ties: lower user id), then users without shares by id. */
    leaderboard(): LeaderboardRowOut[] {
      return leaderboardRows(b.models(), b.users);
    },

    statistics(): StatisticsOut {
      return toStatistics(b.models().statistics(now(), STATS_LIMIT));
    },
  };
}
export type ReadService = ReturnType<typeof createReadService>;

/** The read service of these services (a league's). */
export function readsOf(services: { reads: ReadService }): ReadService {
  return services.reads;
}
