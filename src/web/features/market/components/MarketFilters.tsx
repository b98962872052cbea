import { TEAMS, type Conference } from '../../../../shared/teams';
import '../../../components/trade/trade.css';
import './MarketFilters.css';

export interface MarketFilterState {
  /** A team's code, or '' for every team. */
  team: string;
  conference: Conference | '';
  /** Only the caller's stars. */
  watchlist: boolean;
  /** Only what the caller holds. */
  held: boolean;
}

const CONFERENCE_OF = new Map(TEAMS.map((t) => [t.code, t.conference]));
const TEAMS_BY_NAME = [...TEAMS].sort((a, b) => a.name.localeCompare(b.name));

/** The filters the page's address says (`?team=BOS&conf=East&watch=1&held=1`); unknown values are ignored. */
export function filtersOf(params: URLSearchParams, loggedIn: boolean): MarketFilterState {
  const team = (params.get('team') ?? '').toUpperCase();
  const conference = params.get('conf');
  return {
    team: CONFERENCE_OF.has(team) ? team : '',
    conference: conference === 'East' || conference === 'West' ? conference : '',
    watchlist: loggedIn && params.get('watch') === '1',
    held: loggedIn && params.get('held') === '1',
  };
}

/** Whether a player's row passes the filters. */
export function matchesFilters(p: { team_code: string; owned: number; starred: boolean }, f: MarketFilterState): boolean {
  if (f.team && p.team_code !== f.team) return false;
  if (f.conference && CONFERENCE_OF.get(p.team_code) !== f.conference) return false;
  if (f.watchlist && !p.starred) return false;
  if (f.held && p.owned <= 0) return false;
  return true;
}

/** The market table's filters: a team, a conference, and for a signed-in member their watchlist and what they hold. */
export function MarketFilters({ value, onChange, loggedIn }: { value: MarketFilterState; onChange: (next: MarketFilterState) => void; loggedIn: boolean }) {
  const any = value.team !== '' || value.conference !== '' || value.watchlist || value.held;
  return (
    <div className="market-filters" role="group" aria-label="Filter players">
      <label>
        <span>Team</span>
        <select className="input-small" value={value.team} onChange={(e) => onChange({ ...value, team: e.target.value })}>
          <option value="">All teams</option>
          {TEAMS_BY_NAME.map((t) => (
            <option key={t.code} value={t.code}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Conference</span>
        <select className="input-small" value={value.conference} onChange={(e) => onChange({ ...value, conference: e.target.value as Conference | '' })}>
          <option value="">Both</option>
          <option value="East">East</option>
          <option value="West">West</option>
        </select>
      </label>
      {loggedIn ? (
        <>
          <label>
            <input type="checkbox" checked={value.watchlist} onChange={(e) => onChange({ ...value, watchlist: e.target.checked })} />
            <span>Watchlist</span>
          </label>
          <label>
            <input type="checkbox" checked={value.held} onChange={(e) => onChange({ ...value, held: e.target.checked })} />
            <span>I hold</span>
          </label>
        </>
      ) : null}
      {any ? (
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => onChange({ team: '', conference: '', watchlist: false, held: false })}
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
