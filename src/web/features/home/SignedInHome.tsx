import { useQuery } from '@tanstack/react-query';
import { formatChangePercent, formatSignedDollars, toneOf } from '../../lib/accountFormat';
import { EmptyState } from '../../components/EmptyState';
import { PendingButton } from '../../components/PendingButton';
import { QueryState } from '../../components/QueryState';
import { AsksTable } from '../../components/trade/AsksTable';
import { OffersTable } from '../../components/trade/OffersTable';
import { formatDollars, formatInteger } from '../../lib/format';
import { itemPath } from '../../lib/itemLinks';
import { Link } from '../../lib/leagueLinks';
import { useTRPC } from '../../lib/trpc';
import { RANKING_LABEL } from '../../../shared/ranking';
import type { HomeOut } from '../../../shared/schemas/home';
import { useMarkRead } from '../inbox/api/useInbox';
import { InboxEntries } from '../inbox/components/InboxEntries';
import { shortDollars, standingLine } from './standingText';
import '../../components/figures.css';
import './SignedInHome.css';

function Figures({ home }: { home: HomeOut }) {
  return (
    <ul className="stat-cards" aria-label="Your figures">
      <li className="stat-card card">
        <span className="stat-label">Net worth</span>
        <span className="stat-value amount" data-testid="home-net-worth">
          {formatDollars(home.netWorth)}
        </span>
        <span className="stat-note">
          <span className={toneOf(home.dailyChange)}>
            {formatSignedDollars(home.dailyChange)} ({formatChangePercent(home.dailyChangePercent)})
          </span>{' '}
          today
        </span>
      </li>
      <li className="stat-card card">
        <span className="stat-label">Profit</span>
        <span className={`stat-value amount ${toneOf(home.unrealizedProfit)}`} data-testid="home-profit">
          {formatSignedDollars(home.unrealizedProfit)}
        </span>
        <span className="stat-note">
          On shares held; <span className={toneOf(home.realizedProfit)}>{formatSignedDollars(home.realizedProfit)}</span> realized this season
        </span>
      </li>
      <li className="stat-card card">
        <span className="stat-label">Cash</span>
        <span className="stat-value amount">{formatDollars(home.cash)}</span>
        <span className="stat-note">Shares {formatDollars(home.shareValue)}</span>
      </li>
    </ul>
  );
}

function Standing({ standing }: { standing: NonNullable<HomeOut['standing']> }) {
  const rows = [standing.above, { me: true as const }, standing.below];
  return (
    <section className="card home-standing" aria-labelledby="home-standing-title">
      <h2 id="home-standing-title">Your place</h2>
      <p className="home-standing-line" data-testid="home-standing">
        {standingLine(standing)}
      </p>
      <p className="muted">Ranked by {RANKING_LABEL[standing.ranking].toLowerCase()}.</p>
      <ol className="home-neighbours">
        {rows.map((r, i) =>
          r === null ? null : 'me' in r ? (
            <li key="me" className="is-me">
              <span>{standing.rank}.</span> <strong>You</strong> <span className="amount">{formatDollars(standing.figure)}</span>
            </li>
          ) : (
            <li key={`${i}-${r.userId}`}>
              <span>{r.rank}.</span> <Link to={`/public/${r.userId}`}>{r.username}</Link>{' '}
              <span className="muted">{r.gap > 0 ? `${shortDollars(r.gap)} ahead` : r.gap < 0 ? `${shortDollars(-r.gap)} behind` : 'level'}</span>
            </li>
          ),
        )}
      </ol>
      <Link to="/leaderboard">See the leaderboard</Link>
    </section>
  );
}

function Movers({ movers }: { movers: HomeOut['movers'] }) {
  return (
    <section className="card" aria-labelledby="home-movers-title">
      <h2 id="home-movers-title">Your movers today</h2>
      {movers.length === 0 ? (
        <p className="muted">None of your holdings moved against its weekly average.</p>
      ) : (
        <ul className="home-movers">
          {movers.map((m) => (
            <li key={`${m.itemType}-${m.id}`}>
              <Link to={itemPath(m.itemType, m.id)}>{m.name}</Link>
              <span className={`amount ${toneOf(m.today_change)}`}>{formatSignedDollars(m.today_change)}</span>
              <span className="muted">
                {formatInteger(m.shares)} shares · profit <span className={toneOf(m.unrealized_profit)}>{formatSignedDollars(m.unrealized_profit)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SinceLastVisit({ inbox }: { inbox: HomeOut['inbox'] }) {
  const { markAll } = useMarkRead();
  return (
    <section className="section" aria-labelledby="home-news-title">
      <div className="home-section-head">
        <h2 id="home-news-title">Since your last visit</h2>
        {inbox.unread > 0 ? (
          <PendingButton className="button button-small button-secondary" pending={markAll.pending} pendingLabel="Marking…" onClick={() => markAll.submit({})}>
            Mark all read
          </PendingButton>
        ) : null}
      </div>
      {inbox.entries.length === 0 ? (
        <EmptyState title="Nothing new">
          <p>
            Fills, bids and the standings will show here as they happen. <Link to="/inbox">Open your inbox</Link>
          </p>
        </EmptyState>
      ) : (
        <>
          <InboxEntries entries={inbox.entries} />
          <p>
            <Link to="/inbox">{inbox.unread > inbox.entries.length ? `See all ${formatInteger(inbox.unread)} unread in your inbox` : 'Open your inbox'}</Link>
          </p>
        </>
      )}
    </section>
  );
}

function Orders({ orders }: { orders: HomeOut['orders'] }) {
  return (
    <section className="section" aria-labelledby="home-orders-title">
      <h2 id="home-orders-title">Your open orders</h2>
      {orders.total === 0 ? (
        <p className="muted">No open orders. Bids that found no seller and shares you list show here.</p>
      ) : (
        <div className="stack">
          {orders.asks.length > 0 ? <AsksTable asks={orders.asks} caption="Your newest open asks" sellable={null} /> : null}
          {orders.offers.length > 0 ? <OffersTable offers={orders.offers} caption="Your newest open offers" /> : null}
          {orders.total > orders.asks.length + orders.offers.length ? (
            <p>
              <Link to="/portfolio#my-orders">See all {formatInteger(orders.total)} open orders</Link>
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** The signed-in home (docs/screens.md "Home"): one read of what the member's screen shows. */
export function SignedInHome() {
  const trpc = useTRPC();
  const home = useQuery(trpc.home.get.queryOptions());
  return (
    <QueryState query={home} loading="Loading your home…" failed="Failed to load your home">
      {(h) => (
        <>
          <Figures home={h} />
          <div className="home-grid section">
            {h.standing ? <Standing standing={h.standing} /> : null}
            <Movers movers={h.movers} />
          </div>
          <SinceLastVisit inbox={h.inbox} />
          <Orders orders={h.orders} />
        </>
      )}
    </QueryState>
  );
}
