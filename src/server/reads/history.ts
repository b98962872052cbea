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
  // Prices over time from the exchange's timelines: a binary search when a price changes, not a query.
  const points = repo.history(userId, services.now(), services.exchange.readModels().timelines);
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
