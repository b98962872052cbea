import { useEffect, useId, useState } from 'react';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { DIVISIONS, TEAMS } from '../../../shared/teams.js';
import type { Conference, Team } from '../../../shared/teams.js';
import {
  DEFAULT_WINS,
  LEAGUE_TOTAL,
  MAX_WINS,
  MIN_WINS,
  balanceWins,
  clampWins,
  conferenceTotals,
  distanceFromTarget,
  maxAll,
  normalizeWins,
  resetAll,
  total,
  zeroAll,
} from '../../../domain/win-totals/index.js';
import type { WinsByTeam } from '../../../domain/win-totals/index.js';
import './WinTotalsPage.css';

/** Where the page keeps its state between visits (this browser only). */
const STORAGE_KEY = 'hoops.winTotals';

interface WinTotalsState {
  readonly wins: WinsByTeam;
  readonly locked: Readonly<Record<string, boolean>>;
  readonly scheduleAware: boolean;
  readonly respectLocks: boolean;
}

function defaultState(): WinTotalsState {
  return { wins: resetAll(TEAMS), locked: {}, scheduleAware: false, respectLocks: true };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The saved state, field by field: anything missing or malformed falls back to its default. */
function parseState(raw: string | null): WinTotalsState {
  const fallback = defaultState();
  if (raw === null) return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return fallback;
  }
  if (!isRecord(parsed)) return fallback;
  const savedLocks = parsed.locked;
  const locked: Record<string, boolean> = {};
  if (isRecord(savedLocks)) {
    for (const team of TEAMS) if (Object.hasOwn(savedLocks, team.code) && savedLocks[team.code] === true) locked[team.code] = true;
  }
  return {
    wins: isRecord(parsed.wins) ? normalizeWins(TEAMS, parsed.wins) : fallback.wins,
    locked,
    scheduleAware: typeof parsed.scheduleAware === 'boolean' ? parsed.scheduleAware : fallback.scheduleAware,
    respectLocks: typeof parsed.respectLocks === 'boolean' ? parsed.respectLocks : fallback.respectLocks,
  };
}

function loadState(): WinTotalsState {
  try {
    return parseState(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    // Storage can be unavailable (privacy modes); the page still works, it just forgets.
    return defaultState();
  }
}

function saveState(state: WinTotalsState): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, ...state }));
  } catch {
    // Full or unavailable storage: keep working without saving.
  }
}

const CONFERENCE_NAMES: Record<Conference, string> = { East: 'Eastern Conference', West: 'Western Conference' };

interface TeamRowProps {
  readonly team: Team;
  readonly wins: number;
  readonly locked: boolean;
  readonly onWins: (code: string, wins: number) => void;
  readonly onLock: (code: string, locked: boolean) => void;
}

function TeamRow({ team, wins, locked, onWins, onLock }: TeamRowProps) {
  const id = useId();
  const rangeId = `${id}-range`;
  // While the number field is being typed in it shows the text as typed (it may be empty for a
  // moment); valid numbers are applied at once, and the field shows the clamped value on blur.
  const [draft, setDraft] = useState<string | null>(null);

  const onRange = (event: ChangeEvent<HTMLInputElement>) => onWins(team.code, clampWins(event.currentTarget.valueAsNumber));
  const onNumber = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    setDraft(text);
    if (text.trim() === '') return;
    const value = Number(text);
    if (Number.isFinite(value)) onWins(team.code, clampWins(value));
  };
  const onNumberKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') setDraft(null);
  };

  return (
    <li className={locked ? 'wt-row wt-row--locked' : 'wt-row'}>
      <label className="wt-row__name" htmlFor={rangeId}>
        {team.name}
      </label>
      <input
        id={rangeId}
        className="wt-row__range"
        type="range"
        min={MIN_WINS}
        max={MAX_WINS}
        step={1}
        value={wins}
        aria-valuetext={`${wins} wins`}
        onChange={onRange}
      />
      <input
        className="wt-row__number"
        type="number"
        inputMode="numeric"
        min={MIN_WINS}
        max={MAX_WINS}
        step={1}
        value={draft ?? String(wins)}
        aria-label={`${team.name} wins`}
        onChange={onNumber}
        onBlur={() => setDraft(null)}
        onKeyDown={onNumberKey}
      />
      <label className="wt-row__lock">
        <input type="checkbox" checked={locked} onChange={(event) => onLock(team.code, event.currentTarget.checked)} />
        <span>
          Lock<span className="wt-visually-hidden"> {team.name}</span>
        </span>
      </label>
    </li>
  );
}

export default function WinTotalsPage() {
  const [state, setState] = useState<WinTotalsState>(loadState);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const scheduleHelpId = useId();
  const locksHelpId = useId();

  useEffect(() => {
    saveState(state);
  }, [state]);

  const update = (change: (current: WinTotalsState) => WinTotalsState, message = '') => {
    setState(change);
    setError(null);
    setStatus(message);
  };

  const leagueTotal = total(TEAMS, state.wins);
  const distance = distanceFromTarget(leagueTotal);
  const conferences = conferenceTotals(TEAMS, state.wins);
  const winsOf = (code: string): number => state.wins[code] ?? DEFAULT_WINS;

  const onWins = (code: string, wins: number) => update((s) => ({ ...s, wins: { ...s.wins, [code]: wins } }));
  const onLock = (code: string, locked: boolean) =>
    update((s) => {
      const next = { ...s.locked };
      if (locked) next[code] = true;
      else delete next[code];
      return { ...s, locked: next };
    });

  const onBalance = () => {
    const result = balanceWins(TEAMS, state.wins, {
      locked: state.locked,
      respectLocks: state.respectLocks,
      scheduleAware: state.scheduleAware,
    });
    if (!result.ok) {
      setError(result.error.message);
      setStatus('');
      return;
    }
    const changed = TEAMS.filter((team) => result.wins[team.code] !== state.wins[team.code]).length;
    update(
      (s) => ({ ...s, wins: result.wins }),
      changed === 0
        ? `Already balanced at ${LEAGUE_TOTAL}: nothing changed.`
        : `Balanced to ${LEAGUE_TOTAL}: ${changed} ${changed === 1 ? 'team' : 'teams'} changed.`,
    );
  };

  /** Reset all / zero all / max all: with respect-locks on, locked teams keep their wins. */
  const setEvery = (set: typeof resetAll, value: number) => {
    const keep = state.respectLocks ? state.locked : {};
    const kept = Object.keys(keep).length > 0 ? ' Locked teams kept their wins.' : '';
    update((s) => ({ ...s, wins: set(TEAMS, s.wins, keep) }), `All teams set to ${value}.${kept}`);
  };

  return (
    <div className="wt">
      <h1>Win Totals Balancer</h1>
      <p className="wt-intro">
        Set each team&rsquo;s wins for the season. Every game has a winner, so the league&rsquo;s wins add up to {LEAGUE_TOTAL}. Lock the teams you are sure
        about, then balance the rest.
      </p>

      <div className="wt-summary">
        <p className="wt-summary__total">
          <strong data-testid="total">Total: {leagueTotal}</strong>{' '}
          <span data-testid="distance" className={distance.diff === 0 ? 'wt-distance wt-distance--ok' : 'wt-distance'}>
            {distance.label}
          </span>
        </p>
        <p className="wt-summary__conferences">
          <span data-testid="east-total">East: {conferences.East}</span>
          <span data-testid="west-total">West: {conferences.West}</span>
        </p>
      </div>

      <div className="wt-controls">
        <div className="wt-buttons" role="group" aria-label="Set wins">
          <button type="button" className="wt-button wt-button--primary" onClick={onBalance}>
            Balance to {LEAGUE_TOTAL}
          </button>
          <button type="button" className="wt-button" onClick={() => setEvery(resetAll, DEFAULT_WINS)}>
            Reset all to {DEFAULT_WINS}
          </button>
          <button type="button" className="wt-button" onClick={() => setEvery(zeroAll, MIN_WINS)}>
            Zero all
          </button>
          <button type="button" className="wt-button" onClick={() => setEvery(maxAll, MAX_WINS)}>
            Max all {MAX_WINS}
          </button>
        </div>
        {/* Right under the buttons, so the result of a click is in view even on a phone. */}
        <div className="wt-messages">
          {error !== null && (
            <p role="alert" className="wt-error">
              {error}
            </p>
          )}
          <p role="status" className="wt-status">
            {status}
          </p>
        </div>
        <div className="wt-toggles">
          <label className="wt-toggle">
            <input
              type="checkbox"
              checked={state.scheduleAware}
              aria-describedby={scheduleHelpId}
              onChange={(event) => {
                const scheduleAware = event.currentTarget.checked;
                update((s) => ({ ...s, scheduleAware }));
              }}
            />
            <span>Schedule-aware</span>
          </label>
          <p id={scheduleHelpId} className="wt-help">
            Balance gives more of the change to teams that play more games against unlocked teams (4 per division rival, 3.3 per conference team, 2 per other
            team).
          </p>
          <label className="wt-toggle">
            <input
              type="checkbox"
              checked={state.respectLocks}
              aria-describedby={locksHelpId}
              onChange={(event) => {
                const respectLocks = event.currentTarget.checked;
                update((s) => ({ ...s, respectLocks }));
              }}
            />
            <span>Respect locks</span>
          </label>
          <p id={locksHelpId} className="wt-help">
            Locked teams keep their wins when you balance or use the buttons above. Off: every team changes.
          </p>
        </div>
      </div>

      <div className="wt-conferences">
        {(['East', 'West'] as const).map((conference) => (
          <section key={conference} className="wt-conference" aria-labelledby={`wt-conf-${conference}`}>
            <h2 id={`wt-conf-${conference}`}>
              {CONFERENCE_NAMES[conference]} <span className="wt-muted">{conferences[conference]} wins</span>
            </h2>
            <div className="wt-divisions">
              {DIVISIONS.filter((division) => division.conference === conference).map((division) => {
                const teams = TEAMS.filter((team) => team.division === division.name);
                const divisionTotal = total(teams, state.wins);
                return (
                  <section key={division.name} className="wt-division" aria-labelledby={`wt-div-${division.name}`}>
                    <h3 id={`wt-div-${division.name}`}>
                      {division.name} <span className="wt-muted">{divisionTotal} wins</span>
                    </h3>
                    <ul className="wt-rows">
                      {teams.map((team) => (
                        <TeamRow
                          key={team.code}
                          team={team}
                          wins={winsOf(team.code)}
                          locked={state.locked[team.code] === true}
                          onWins={onWins}
                          onLock={onLock}
                        />
                      ))}
                    </ul>
                  </section>
                );
              })}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
