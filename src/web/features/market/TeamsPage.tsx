import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from '../../lib/leagueLinks';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { TeamRules } from '../../components/trade/BuyForm';
import { BuyModal } from '../../components/trade/BuyModal';
import type { Team } from '../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import { NumHeader } from '../../components/table/NumHeader';
import { LOAD_FAILED } from '../../../shared/texts';
import { TeamBadge } from '../../components/faces/Faces';
import { ChangeText } from './components/ChangeText';
import { Sparkline } from './components/Sparkline';
import { StarButton } from '../watchlist/StarButton';
import { isStarred, useWatchlist } from '../watchlist/useWatchlist';
import { useSession } from '../../lib/session';
import '../../components/trade/trade.css';
import './TeamsPage.css';

type Trends = ReadonlyMap<number, { change_bp: number; spark: readonly number[] }>;
import { QueryState } from '../../components/QueryState';

/** /teams: all 30 teams with conference, shares remaining, total salary, a details link and Buy. */
export default function TeamsPage() {
  const trpc = useTRPC();
  const teams = useQuery(trpc.teams.list.queryOptions());
  const glance = useQuery(trpc.market.glance.queryOptions());
  const { isLoggedIn } = useSession();
  const { starred } = useWatchlist(isLoggedIn);
  const trends = useMemo<Trends>(
    () => new Map((glance.data?.rows ?? []).filter((r) => r.kind === 'team').map((r) => [r.id, { change_bp: r.change_bp, spark: r.spark_cents }])),
    [glance.data],
  );
  const [buying, setBuying] = useState<{ id: number; name: string } | null>(null);
  return (
    <>
      <PageTitle
        title="Teams"
        subtitle="A team has as many shares as its payroll in dollars. Team shareholders get first pick of the team’s drafted rookies."
      />
      <div className="card rules-card">
        <TeamRules />
      </div>
      <QueryState
        query={teams}
        loading="Loading teams…"
        failed={LOAD_FAILED.teams}
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title="No teams yet" />}
      >
        {(data) => <TeamsTable teams={data} trends={trends} starred={isLoggedIn ? starred : null} onBuy={(t) => setBuying({ id: t.id, name: t.name })} />}
      </QueryState>
      <BuyModal itemType="team" item={buying} onClose={() => setBuying(null)} />
    </>
  );
}

function TeamsTable({
  teams,
  trends,
  starred,
  onBuy,
}: {
  teams: readonly Team[];
  trends: Trends;
  /** The member's stars; null when signed out (no star to show). */
  starred: ReadonlySet<string> | null;
  onBuy: (team: Team) => void;
}) {
  return (
    <div className="table-wrap acct-scroll">
      <table className="table table-stack teams-table" data-testid="teams-table">
        <caption className="sr-only">Teams</caption>
        <thead>
          <tr>
            <th scope="col">Team</th>
            <th scope="col" className="teams-conf">
              Conference
            </th>
            <NumHeader>Shares remaining</NumHeader>
            <NumHeader>Total salary</NumHeader>
            <NumHeader>Last price</NumHeader>
            <NumHeader>Owned</NumHeader>
            <NumHeader>24h Change</NumHeader>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {teams.map((t) => (
            <tr key={t.id} data-testid={`team-row-${t.id}`}>
              <td data-label="Team" className="stack-title">
                {starred ? <StarButton kind="team" id={t.id} name={t.name} starred={isStarred(starred, 'team', t.id)} /> : null}
                <TeamBadge code={t.code} size="xs" inline />
                <Link to={`/teams/${t.id}`} className="cell-strong">
                  {t.name}
                </Link>{' '}
                <span className="muted small teams-code">{t.code}</span>
                <div className="cell-note teams-conf-note">{t.conference}</div>
              </td>
              <td data-label="Conference" className="teams-conf">
                {t.conference}
              </td>
              <td className="num" data-label="Shares remaining">
                {formatInteger(t.shares_remaining)}
              </td>
              <td className="num stack-money" data-label="Total salary">
                {formatDollars(t.total_salary)}
              </td>
              <td className="num" data-label="Last price">
                {t.last_trade_price === null ? <span className="muted">—</span> : formatDollars(t.last_trade_price)}
              </td>
              <td className="num" data-label="Owned">
                {t.owned > 0 ? <strong>{formatInteger(t.owned)}</strong> : <span className="muted">0</span>}
              </td>
              <td className="num" data-label="24h Change">
                <span className="market-trend stacked-trend">
                  <Sparkline cents={trends.get(t.id)?.spark ?? []} markCents={Math.round(t.current_price * 100)} name={t.name} />
                  <ChangeText bp={trends.get(t.id)?.change_bp ?? 0} />
                </span>
              </td>
              <td data-label="Action" className="stack-actions">
                <span className="trade-actions">
                  <button type="button" className="button button-small" onClick={() => onBuy(t)} aria-label={`Buy ${t.name}`}>
                    Buy
                  </button>
                  <Link to={`/teams/${t.id}`} className="button button-small button-secondary" aria-label={`Details of ${t.name}`}>
                    Details
                  </Link>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
