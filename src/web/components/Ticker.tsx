import { Link } from 'react-router';
import { formatDollars, formatInteger } from '../lib/format';

/** One trade on the ticker. */
export interface TickerTrade {
  tradeId: number | string;
  playerId?: number | string;
  playerName: string;
  shares: number;
  /** Dollars per share. */
  price: number;
}

/** The number of live trades the ticker shows (SPEC.md §9). */
export const TICKER_SIZE = 5;

/**
 * The bar under the header with the last 5 live trades. Until the market's live feed exists it
 * says so; pass `trades` (newest first) to show them.
 */
export function Ticker({ trades = [] }: { trades?: readonly TickerTrade[] }) {
  const latest = trades.slice(0, TICKER_SIZE);
  return (
    <section className="ticker" aria-label="Latest trades">
      <div className="container ticker-inner">
        <span className="ticker-label">Live trades</span>
        {latest.length === 0 ? (
          <span className="ticker-empty">
            No trades yet. <span className="ticker-hint">The last 5 trades show here as they happen.</span>
          </span>
        ) : (
          <ul className="ticker-list" aria-live="polite">
            {latest.map((t) => (
              <li key={t.tradeId}>
                {t.playerId !== undefined ? <Link to={`/market/${t.playerId}`}>{t.playerName}</Link> : t.playerName}{' '}
                <span className="ticker-detail">
                  {formatInteger(t.shares)} @ {formatDollars(t.price)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
