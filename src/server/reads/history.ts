import { replayValueHistory, type HistoryPoint, type PortfolioNow } from '../../domain/market/value-history.js';
import type { ChartMark } from '../../engine/read-models/chart-marks.js';
import type { ReadModels } from '../../engine/read-models/read-models.js';
import { centsToDollars } from '../../shared/money.js';
import type { PortfolioHistoryOut } from '../../shared/schemas/account.js';
import { AppError } from '../errors.js';
import type { LeagueServices } from '../leagues/league-services.js';
import { isoTimes } from './iso-times.js';
import { USER_NOT_FOUND } from './service.js';

/** What a chart reads: a league's market, and the clock. */
type HistoryServices = Pick<LeagueServices, 'db' | 'members' | 'reads' | 'exchange' | 'history'> & { now: () => number };

/**
 * The points before "now" of the users' charts, kept while what they follow from stands (the read
 * models' chart marks: the user's trades, contracts, marks at or before the last of them), which
 * only the exchange changes. The point for now is worked out again each time.
 */
const kept = new WeakMap<ReadModels, Map<number, { mark: ChartMark; past: HistoryPoint[] }>>();
const KEPT_CHARTS = 256;

/** The portfolio now, from the read models and the user's balance; undefined for an unknown user. */
function currentPortfolio(services: HistoryServices, models: ReadModels, userId: number): PortfolioNow | undefined {
  const balance = services.members.balanceOf(userId);
  if (balance === undefined) return undefined;
  const { shareValueCents, escrowCents } = services.reads.valueOf(userId);
  const holdings = [...models.holdings.ofUser(userId).values()].map((h) => ({ instrument: h.kind, instrumentId: h.instrumentId, shares: h.shares }));
  return { cashCents: balance + escrowCents, shareValueCents, holdings };
}

/** The user's portfolio value over time in API shape: dollars and ISO times. */
export function portfolioHistoryOf(services: HistoryServices, userId: number): PortfolioHistoryOut {
  const repo = services.history;
  const models = services.exchange.readModels();
  const now = services.now();
  // Now: the portfolio as GET /portfolio values it (the history's last point is the same figure).
  const current = currentPortfolio(services, models, userId);
  if (!current) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  let byUser = kept.get(models);
  if (!byUser) kept.set(models, (byUser = new Map()));
  const hit = byUser.get(userId);
  let points: HistoryPoint[] | undefined;
  if (hit && models.charts.still(hit.mark, hit.past[hit.past.length - 1]?.at ?? Number.NEGATIVE_INFINITY)) {
    const { cashCents, shareValueCents } = current;
    const at = Math.max(now, hit.past[hit.past.length - 1]?.at ?? Number.NEGATIVE_INFINITY);
    points = [...hit.past, { at, cashCents, shareValueCents, totalValueCents: cashCents + shareValueCents }];
  } else {
    // The marks over time from the read models: a search when a mark changes, not a query.
    const marks = models.markSource();
    const mark = models.charts.mark(userId);
    const teams = [...current.holdings].filter((h) => h.instrument === 'team').map((h) => h.instrumentId);
    const rows = repo.rows(userId, teams);
    points = rows && replayValueHistory({ ...rows, now, portfolio: current }, marks);
    if (points) {
      byUser.delete(userId);
      byUser.set(userId, { mark, past: points.slice(0, -1) });
      // The charts looked at last are kept, a few hundred at most.
      if (byUser.size > KEPT_CHARTS) byUser.delete(byUser.keys().next().value!);
    }
  }
  if (!points) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  const iso = isoTimes();
  return {
    userId,
    points: points.map((p) => ({
      at: iso(p.at),
      cash: centsToDollars(p.cashCents),
      shareValue: centsToDollars(p.shareValueCents),
      totalValue: centsToDollars(p.totalValueCents),
    })),
  };
}
