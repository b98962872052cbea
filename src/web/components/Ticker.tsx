import type { LiveTrade } from '../../shared/live';
import type { Trade } from '../lib/apiTypes';
import { Link } from '../lib/leagueLinks';
import { teamCodeOfName } from '../theme/faces';
import { PlayerAvatar, TeamBadge } from './faces/Faces';
import { formatDollars, formatInteger } from '../lib/format';
import { itemPath } from '../lib/itemLinks';
import { useLastTrades, useLiveStatus } from '../lib/live';
import './Ticker.css';

/** The number of live trades the ticker shows (docs/rules.md §10 Limits and constants). */
export const TICKER_SIZE = 5;

/** The bar under the header with the last 5 trades, live, for everyone. */
export function Ticker() {
  const { trades } = useLastTrades(TICKER_SIZE);
  const status = useLiveStatus();
  return (
    <section className="ticker" aria-label="Latest trades" data-testid="ticker">
      <div className="container ticker-inner">
        <span className={`ticker-label ticker-${status}`} title={status === 'live' ? 'Connected: trades show as they happen' : 'Reconnecting…'}>
          Live trades
        </span>
        {trades.length === 0 ? (
          <span className="ticker-empty">
            No trades yet. <span className="ticker-hint">The last 5 trades show here as they happen.</span>
          </span>
        ) : (
          <ul className="ticker-list" aria-live="polite">
            {trades.map((t) => (
              <li key={t.tradeId} className="ticker-item">
                <TradeFace trade={t} />
                <Link to={itemPath(t.itemType, t.playerId)}>{t.playerName}</Link>{' '}
                <span className="ticker-detail">
                  {formatInteger(t.shares_transferred)} @ {formatDollars(t.price_per_share)}
                  {t.reason === 'retirement' ? ' bought back' : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The face of a trade's player or team: the live feed names the team's code; a trade read from the server, its name. */
function TradeFace({ trade }: { trade: Trade | LiveTrade }) {
  const code = 'teamCode' in trade ? trade.teamCode : teamCodeOfName(trade.teamName);
  return trade.itemType === 'team' ? <TeamBadge code={code} size="xs" inline /> : <PlayerAvatar name={trade.playerName} teamCode={code} size="xs" inline />;
}
