import { Link } from '../../lib/leagueLinks';
import { EmptyState } from '../../components/EmptyState';
import { TradesTable } from '../../components/market/TradesTable';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { useLastTrades } from '../../lib/live';
import { useSession } from '../../lib/session';
import { LOAD_FAILED } from '../../../shared/texts';
import { SignedInHome } from './SignedInHome';
import styles from './HomePage.module.css';

/** How many trades the home page lists (docs/rules.md §10 Limits and constants). */
export const HOME_RECENT_TRADES = 10;

export default function HomePage() {
  const { user } = useSession();
  const recent = useLastTrades(HOME_RECENT_TRADES);
  return (
    <>
      <PageTitle title={user ? `Welcome back, ${user.username}` : 'Welcome to Hoops Exchange'} documentTitle={null} />
      {user ? (
        <SignedInHome />
      ) : (
        <section className="hero card">
          <p className={styles.lead}>
            Every new player gets <strong>$80 million</strong> in virtual money to trade shares in NBA players and teams, live, against the other fans in the
            league.
          </p>
          <ul className={styles.points}>
            <li>A player has as many shares as dollars of salary. Unclaimed shares cost $1 each on the open market.</li>
            <li>Once every share is owned, make a bid: holders sell to you at their price, or accept or decline your offer.</li>
            <li>Hold shares in one Eastern and one Western team, and get first pick of their drafted rookies.</li>
          </ul>
          <p className="hero-actions">
            <Link className="button" to="/register">
              Register and get $80 million
            </Link>
            <Link className="button button-secondary" to="/login">
              Log in
            </Link>
          </p>
        </section>
      )}

      <section className="section" aria-labelledby="recent-trades-title">
        <h2 id="recent-trades-title">Recent trades</h2>
        <QueryState
          query={recent}
          loading="Loading recent trades…"
          failed={LOAD_FAILED.data}
          isEmpty={(trades) => trades.length === 0}
          empty={
            <EmptyState title="No trades to show yet">
              <p>The latest {HOME_RECENT_TRADES} trades will show here as soon as shares change hands.</p>
            </EmptyState>
          }
        >
          {(trades) => <TradesTable trades={trades} caption={`The latest ${HOME_RECENT_TRADES} trades`} />}
        </QueryState>
      </section>
    </>
  );
}
