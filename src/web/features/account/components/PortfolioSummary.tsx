import { formatDollars } from '../../../lib/format';
import { formatChangePercent, formatSignedDollars, toneOf } from '../../../lib/accountFormat';
import type { Portfolio } from './HoldingsTables';
import '../../../components/figures.css';

/** The three cards of docs/screens.md §3 Pages: Total Value, Cash Balance, % Gains/Loss Today. */
export function PortfolioSummary({ portfolio }: { portfolio: Portfolio }) {
  const change = portfolio.dailyChangePercent;
  const tone = change > 0 ? 'gain' : change < 0 ? 'loss' : '';
  return (
    <ul className="stat-cards" aria-label="Summary">
      <li className="stat-card card">
        <span className="stat-label">Total Value</span>
        <span className="stat-value amount" data-testid="total-value">
          {formatDollars(portfolio.totalValue)}
        </span>
        <span className="stat-note">Shares {formatDollars(portfolio.shareValue)}</span>
      </li>
      <li className="stat-card card">
        <span className="stat-label">Cash Balance</span>
        <span className="stat-value amount" data-testid="cash-balance">
          {formatDollars(portfolio.balance)}
        </span>
        <span className="stat-note">{portfolio.escrow > 0 ? `+ ${formatDollars(portfolio.escrow)} held in open bids` : 'Available to trade'}</span>
      </li>
      <li className="stat-card card">
        <span className="stat-label">% Gains/Loss Today</span>
        <span className={`stat-value amount ${tone}`} data-testid="daily-change">
          {change > 0 ? <span aria-hidden="true">▲ </span> : change < 0 ? <span aria-hidden="true">▼ </span> : null}
          {formatChangePercent(change)}
        </span>
        <span className="stat-note">
          <span className={toneOf(portfolio.dailyChange)}>{formatSignedDollars(portfolio.dailyChange)}</span>: shares now against their weekly average prices
        </span>
      </li>
      <li className="stat-card card">
        <span className="stat-label">Profit</span>
        <span className={`stat-value amount ${toneOf(portfolio.unrealizedProfit)}`} data-testid="unrealized-profit">
          {formatSignedDollars(portfolio.unrealizedProfit)}
        </span>
        <span className="stat-note">
          On shares held, at their marks;{' '}
          <span className={toneOf(portfolio.realizedProfit)} data-testid="realized-profit">
            {formatSignedDollars(portfolio.realizedProfit)}
          </span>{' '}
          realized on sales this season
        </span>
      </li>
    </ul>
  );
}
