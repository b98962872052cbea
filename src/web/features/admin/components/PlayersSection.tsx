import { useDeferredValue, useMemo, useState } from 'react';
import { LOAD_FAILED } from '../../../../shared/texts';
import { EmptyState } from '../../../components/EmptyState';
import { QueryState } from '../../../components/QueryState';
import { matchesSearch, TableSearch } from '../../../components/TableSearch';
import { NumHeader } from '../../../components/table/NumHeader';
import type { Player } from '../../../lib/apiTypes';
import { formatInteger } from '../../../lib/format';
import { Link } from '../../../lib/leagueLinks';
import { useMarketPlayers } from '../../market/api/useMarketPlayers';
import { RetireDialog } from './RetireDialog';
import { SalaryForm } from './SalaryForm';
import '../../../components/figures.css';

/** Rows shown at once in the players table; the search narrows the rest. */
const PAGE_ROWS = 50;

/** Every player with his salary: a new salary or a retirement for each, both behind a confirmation. */
export function PlayersSection() {
  const players = useMarketPlayers();
  const [retiring, setRetiring] = useState<Player | null>(null);
  return (
    <section className="section" aria-labelledby="players-title">
      <h2 id="players-title">Players</h2>
      <QueryState query={players} loading="Loading players…" failed={LOAD_FAILED.players}>
        {(all) => <PlayersTable players={all} onRetire={setRetiring} />}
      </QueryState>
      {retiring ? <RetireDialog player={retiring} onClose={() => setRetiring(null)} /> : null}
    </section>
  );
}

function PlayersTable({ players, onRetire }: { players: Player[]; onRetire: (player: Player) => void }) {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [limit, setLimit] = useState(PAGE_ROWS);
  const matching = useMemo(() => players.filter((p) => matchesSearch(query, [p.name, p.team_name, p.team_code])), [players, query]);
  const shown = matching.slice(0, limit);
  return (
    <>
      <TableSearch
        label="Search players"
        placeholder="Name or team"
        value={search}
        onChange={(v) => {
          setSearch(v);
          setLimit(PAGE_ROWS);
        }}
        status={`${formatInteger(shown.length)} of ${formatInteger(matching.length)} shown${matching.length < players.length ? ` (${formatInteger(players.length)} players in all)` : ''}`}
      />
      {matching.length === 0 ? (
        <EmptyState title="No players match your search" />
      ) : (
        <div className="table-wrap acct-scroll" tabIndex={0} role="region" aria-label="Players">
          <table className="table admin-table table-stack">
            <caption className="sr-only">Players with their salary</caption>
            <thead>
              <tr>
                <th scope="col">Player</th>
                <NumHeader>Salary</NumHeader>
                <th scope="col">New salary</th>
                <th scope="col">
                  <span className="sr-only">Retire</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <tr key={p.id}>
                  <th scope="row" className="holding-name stack-title">
                    <Link to={`/market/${p.id}`}>{p.name}</Link>
                    <div className="cell-note">{p.team_name}</div>
                  </th>
                  <td className="num stack-money" data-label="Salary">
                    ${formatInteger(p.salary)}
                  </td>
                  <td className="admin-salary-cell" data-label="New salary">
                    <SalaryForm player={p} />
                  </td>
                  <td className="admin-retire-cell stack-actions">
                    <button
                      type="button"
                      className="button button-small button-secondary button-danger-outline"
                      onClick={() => onRetire(p)}
                      aria-label={`Retire ${p.name}`}
                      aria-haspopup="dialog"
                    >
                      Retire
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {matching.length > shown.length ? (
        <p className="table-more">
          <button type="button" className="button button-small button-secondary" onClick={() => setLimit((n) => n + PAGE_ROWS)}>
            Show {formatInteger(Math.min(PAGE_ROWS, matching.length - shown.length))} more
          </button>
        </p>
      ) : null}
    </>
  );
}
