import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../lib/leagueLinks';
import { EmptyState } from '../../components/EmptyState';
import { ItemSections } from './components/ItemSections';
import { ShareholdersTable } from './components/ShareholdersTable';
import { StatGrid } from './components/StatGrid';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { BuyForm } from '../../components/trade/BuyForm';
import { teamTarget } from '../../components/trade/buyTarget';
import { HoldingCard } from './components/HoldingCard';
import type { TeamDetail } from '../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../lib/format';
import { parseId } from '../../lib/params';
import { formatDate } from '../../lib/time';
import { errorStatus, useTRPC } from '../../lib/trpc';
import { useNow } from '../../lib/useNow';
import { useMoreHolders } from '../../lib/useMoreOf';
import { useSellable } from '../../lib/useSellable';
import NotFoundPage from '../../pages/NotFoundPage';
import { NumHeader } from '../../components/table/NumHeader';
import { LoadMore } from '../../components/LoadMore';
import { LOAD_FAILED } from '../../../shared/texts';
import { MarkNote } from './components/MarkNote';
import './detail.css';

/** /teams/{teamId}: totals, roster, buy form, the team's order book, trades, chart and shareholders. */
export default function TeamPage() {
  const { teamId } = useParams();
  const id = parseId(teamId);
  if (id === null) return <NotFoundPage />;
  return <TeamLoader id={id} />;
}

function TeamLoader({ id }: { id: number }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.teams.detail.queryOptions({ teamId: id }));
  if (detail.isError && errorStatus(detail.error) === 404) return <NotFoundPage />;
  return (
    <>
      {detail.data === undefined ? <PageTitle title="Team" /> : null}
      <QueryState query={detail} loading="Loading the team…" failed={LOAD_FAILED.teams}>
        {(data) => <Team detail={data} />}
      </QueryState>
    </>
  );
}

function Team({ detail }: { detail: TeamDetail }) {
  const { team, roster } = detail;
  const { holding } = useSellable();
  const own = holding('team', team.id);
  const now = useNow();
  return (
    <>
      <PageTitle
        title={team.name}
        subtitle={`${team.conference}ern Conference · ${team.division} Division`}
        actions={
          <Link className="button button-secondary button-small" to="/teams">
            All teams
          </Link>
        }
      />
      <StatGrid
        stats={[
          { label: 'Total salary / shares', value: formatInteger(team.total_shares) },
          { label: 'Distributed', value: formatInteger(team.shares_distributed) },
          { label: 'Remaining', value: formatInteger(team.shares_remaining), hint: 'at $1.00' },
          { label: 'Shareholders', value: formatInteger(team.shareholder_count) },
          { label: 'Last price', value: team.last_trade_price === null ? '—' : formatDollars(team.last_trade_price), hint: 'latest trade between fans' },
          { label: 'Mark', value: formatDollars(team.current_price), hint: 'what each share is worth' },
        ]}
      />
      <MarkNote mark={team.current_price} owned={team.owned} />
      <div className="detail-grid">
        <section className="card" aria-labelledby="buy-title">
          <h2 id="buy-title">Buy team shares</h2>
          <BuyForm key={team.id} target={teamTarget(detail)} clamp />
        </section>
        {own && own.shares > 0 ? <HoldingCard itemType="team" itemId={team.id} itemName={team.name} holding={own} lastPrice={team.last_trade_price} /> : null}
      </div>
      <section className="section" aria-labelledby="roster-title">
        <h2 id="roster-title">Roster</h2>
        {roster.length === 0 ? (
          <EmptyState title="No players on the roster" />
        ) : (
          <div className="table-wrap acct-scroll">
            <table className="table table-stack" data-testid="roster-table">
              <caption className="sr-only">Roster of the {team.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Player</th>
                  <NumHeader>Salary</NumHeader>
                  <NumHeader>Remaining</NumHeader>
                  <NumHeader>Last price</NumHeader>
                </tr>
              </thead>
              <tbody>
                {roster.map((p) => (
                  <tr key={p.id}>
                    <td data-label="Player" className="stack-title">
                      <Link to={`/market/${p.id}`} className="cell-strong">
                        {p.name}
                      </Link>
                      {p.restricted_until && Date.parse(p.restricted_until) > now ? (
                        <span className="tag" title={`Open to team shareholders only until ${formatDate(p.restricted_until)}`}>
                          Rookie
                        </span>
                      ) : null}
                    </td>
                    <td className="num stack-money" data-label="Salary">
                      {formatDollars(p.salary)}
                    </td>
                    <td className="num" data-label="Remaining">
                      {formatInteger(p.shares_remaining)}
                    </td>
                    <td className="num" data-label="Last price">
                      {p.last_trade_price === null ? <span className="muted">—</span> : formatDollars(p.last_trade_price)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ItemSections itemType="team" itemId={team.id} name={team.name} openMarket={team.shares_remaining} detail={detail} />
      <TeamShareholders detail={detail} />
    </>
  );
}

/** The team's shareholders, most shares first, a page at a time. */
function TeamShareholders({ detail }: { detail: TeamDetail }) {
  const holders = useMoreHolders('team', detail.team.id, detail.shareholders, detail.pages.shareholders);
  return (
    <section className="section" aria-labelledby="team-holders-title">
      <h2 id="team-holders-title">Shareholders</h2>
      {holders.items.length === 0 ? (
        <EmptyState title="No shareholders yet" />
      ) : (
        <>
          <ShareholdersTable shareholders={holders.items} caption={`Shareholders of the ${detail.team.name}`} />
          <LoadMore hasMore={holders.hasMore} loading={holders.loading} onMore={holders.onMore} what="shareholders" />
        </>
      )}
    </section>
  );
}
