import { createPortfolioHistoryRepo, type PortfolioHistoryRepo } from '../../db/repos/portfolio-history.js';
import { centsToDollars } from '../../shared/money.js';
import type { PortfolioHistoryOut } from '../../shared/schemas/account.js';
import { AppError } from '../errors.js';
import type { AppServices } from '../services.js';
import { USER_NOT_FOUND } from './service.js';

// One repository (prepared statements) per database, made on first use.
const repos = new WeakMap<object, PortfolioHistoryRepo>();

/** The user's portfolio value over time in API shape: dollars and ISO times. */
export function portfolioHistoryOf(services: AppServices, userId: number): PortfolioHistoryOut {
  let repo = repos.get(services.db);
  if (!repo) {
    repo = createPortfolioHistoryRepo(services.db);
    repos.set(services.db, repo);
  }
  // Prices over time from the exchange's timelines: a binary search per point, not a query.
  const timelines = services.exchange.readModels().timelines;
  const points = repo.history(userId, services.now(), (key, at) => timelines.priceAt(key, at));
  if (!points) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return {
    userId,
    points: points.map((p) => ({
      at: new Date(p.at).toISOString(),
      cash: centsToDollars(p.cashCents),
      shareValue: centsToDollars(p.shareValueCents),
      totalValue: centsToDollars(p.totalValueCents),
    })),
  };
}
