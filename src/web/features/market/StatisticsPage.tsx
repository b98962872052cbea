import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '../../lib/leagueLinks';
import { PlayerAvatar } from '../../components/faces/Faces';
import { teamCodeOfName } from '../../theme/faces';
import { LOAD_FAILED } from '../../../shared/texts';
import { PageTitle } from '../../components/PageTitle';
import type { RouterOutputs } from '../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import './StatisticsPage.css';
import { QueryState } from '../../components/QueryState';

type Statistics = RouterOutputs['stats']['statistics'];
type StatPlayer = { id: number; name: string; team_name: string };

interface Column<T> {
  header: string;
  numeric?: boolean;
  /** The figure the table ranks by: on a phone's card, beside the name. */
  lead?: boolean;
  cell(row: T): ReactNode;
}

function StatTable<T extends StatPlayer>({
  id,
  title,
  description,
  rows,
  columns,
  empty,
}: {
  id: string;
  title: string;
  description: string;
  rows: readonly T[];
  columns: Column<T>[];
  empty: string;
}) {
  return (
    <section className="stat-section card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="muted stat-description">{description}</p>
      {rows.length === 0 ? (
        <p className="stat-empty">{empty}</p>
      ) : (
        <div className="table-wrap table-wrap-flat acct-scroll" tabIndex={0} role="region" aria-label={title}>
          <table className="table table-stack">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Rank</span>
                </th>
                <th scope="col">Player</th>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={row.id}>
                  <td className="muted" data-label="Rank">
                    {i + 1}
                  </td>
                  <th scope="row" className="holding-name stack-title">
                    <PlayerAvatar name={row.name} teamCode={teamCodeOfName(row.team_name)} size="xs" inline />
                    <Link to={`/market/${row.id}`}>{row.name}</Link>
                    <div className="cell-note">{row.team_name}</div>
                  </th>
                  {columns.map((c) => (
                    <td key={c.header} data-label={c.header} className={[c.numeric ? 'num' : '', c.lead ? 'stack-money' : ''].join(' ').trim() || undefined}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const noTrades = 'No trades between players in the last 24 hours.';

/** /statistics: the four tables of docs/screens.md §3 Pages. */
export default function StatisticsPage() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.stats.statistics.queryOptions());

  return (
    <>
      <PageTitle title="Statistics" subtitle="What the league is trading, and who holds what." />
      <QueryState query={stats} loading="Loading statistics…" failed={LOAD_FAILED.statistics}>
        {(data) => <StatisticsTables data={data} />}
      </QueryState>
    </>
  );
}

function StatisticsTables({ data }: { data: Statistics }) {
  return (
    <div className="stat-grid">
      <StatTable
        id="most-valuable"
        title="Most Valuable"
        description="Highest average price of trades between players over the last 24 hours."
        rows={data.mostValuable}
        empty={noTrades}
        columns={[
          { header: '24h low', numeric: true, cell: (r) => formatDollars(r.lowest_trade) },
          { header: '24h high', numeric: true, cell: (r) => formatDollars(r.highest_trade) },
          { header: '24h avg', numeric: true, lead: true, cell: (r) => <strong>{formatDollars(r.avg_price)}</strong> },
        ]}
      />
      <StatTable
        id="most-active"
        title="Most Active"
        description="Most trades over the last 24 hours, open-market buys included."
        rows={data.mostActive}
        empty="No trades in the last 24 hours."
        columns={[
          { header: 'Trades (24h)', numeric: true, lead: true, cell: (r) => <strong>{formatInteger(r.trade_count)}</strong> },
          { header: 'Avg price', numeric: true, cell: (r) => formatDollars(r.avg_price) },
        ]}
      />
      <StatTable
        id="most-shareholders"
        title="Most Shareholders"
        description="Players held by the most people."
        rows={data.mostShareholders}
        empty="Nobody holds shares yet."
        columns={[{ header: 'Holders', numeric: true, lead: true, cell: (r) => <strong>{formatInteger(r.holder_count)}</strong> }]}
      />
      <StatTable
        id="islands"
        title="Islands"
        description="Players with the fewest holders (at least one)."
        rows={data.islands}
        empty="Nobody holds shares yet."
        columns={[{ header: 'Holders', numeric: true, lead: true, cell: (r) => <strong>{formatInteger(r.holder_count)}</strong> }]}
      />
    </div>
  );
}
