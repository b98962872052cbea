import type { Ranking } from '../../shared/ranking.js';
import { centsToDollars } from '../../shared/money.js';
import type { HomeOut } from '../../shared/schemas/home.js';
import { figureOf } from '../../domain/seasons/ranking.js';
import type { InboxService } from '../inbox/inbox.js';
import type { ReadService } from '../reads/service.js';

/** How many of each list the home shows. */
export const HOME_MOVERS = 3;
export const HOME_ORDERS = 5;
export const HOME_ENTRIES = 5;

/**
 * The signed-in home (docs/screens.md "Home") in one answer: the portfolio's figures and P&L, the
 * member's place with those around them (kept standings: one lookup), the holdings that moved most
 * today, the newest open orders, and the unread inbox entries — each bounded by what it shows.
 */
export function homeOf(reads: ReadService, inbox: InboxService, ranking: Ranking, userId: number): HomeOut {
  const p = reads.portfolio(userId);
  const holdings = [
    ...p.players.map((h) => ({ itemType: 'player' as const, id: h.player_id, ...h })),
    ...p.teams.map((h) => ({ itemType: 'team' as const, ...h })),
  ];
  const movers = holdings
    .filter((h) => h.today_change !== 0)
    .sort((a, b) => Math.abs(b.today_change) - Math.abs(a.today_change) || b.value - a.value)
    .slice(0, HOME_MOVERS)
    .map((h) => ({
      itemType: h.itemType,
      id: h.id,
      name: h.name,
      shares: h.shares_owned,
      value: h.value,
      today_change: h.today_change,
      unrealized_profit: h.unrealized_profit,
      unrealized_percent: h.unrealized_percent,
    }));
  const orders = reads.myOrders(userId);
  const around = reads.standingAround(ranking, userId);
  const mine = around ? figureOf(ranking, around.me) : 0;
  const neighbour = (r: NonNullable<typeof around>['above']) =>
    r && {
      userId: r.userId,
      username: r.username,
      rank: r.rank,
      figure: centsToDollars(figureOf(ranking, r)),
      gap: centsToDollars(figureOf(ranking, r) - mine),
    };
  const { unread } = inbox.unread(userId);
  return {
    username: p.username,
    netWorth: p.totalValue,
    cash: p.balance,
    shareValue: p.shareValue,
    dailyChange: p.dailyChange,
    dailyChangePercent: p.dailyChangePercent,
    unrealizedProfit: p.unrealizedProfit,
    realizedProfit: p.realizedProfit,
    standing: around && {
      ranking,
      rank: around.me.rank,
      tied: around.me.tied,
      of: around.count,
      figure: centsToDollars(mine),
      leader: neighbour(around.leader),
      above: neighbour(around.above),
      below: neighbour(around.below),
    },
    movers,
    orders: { asks: orders.asks.slice(0, HOME_ORDERS), offers: orders.offers.slice(0, HOME_ORDERS), total: orders.asks.length + orders.offers.length },
    inbox: { unread, entries: unread === 0 ? [] : inbox.unreadEntries(userId, HOME_ENTRIES) },
  };
}
