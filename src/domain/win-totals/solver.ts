/**
 * Win-totals balancer: pure, deterministic, no I/O.
 *
 * The user gives every team a number of wins (0–82). In a real season the 30 teams win 1230 games
 * in all (30 × 82 / 2). "Balance" moves the adjustable teams until the league total is exactly 1230.
 *
 * Definitions (the same text is in ./README.md):
 *
 * - Wins are whole numbers from 0 to 82. `clampWins` rounds to the nearest whole number (halves
 *   up) and clamps to 0–82; +Infinity becomes 82, −Infinity 0, and NaN (or a missing value) the
 *   default 41, so garbage never skews the total towards an extreme.
 * - Adjustable teams: with respect-locks on, the teams that are not locked; with it off, all 30
 *   (locks are then ignored). Teams that are not adjustable keep their wins exactly.
 * - Weight w(i) of an adjustable team i: 1 for every team when schedule-aware is off. When it is
 *   on, w(i) = the games team i plays against the OTHER adjustable teams, counting 4 for a team of
 *   its division, 3.3 for a team of its conference outside its division, 2 for a team of the other
 *   conference. (Computed in tenths of a game, 40 / 33 / 20, so weights are exact integers; only
 *   their ratios matter.) In the real league every team's schedule has the same shape (4 × 4 +
 *   10 × 3.3 + 15 × 2 = 79), so schedule-aware changes the result only when locked teams are left
 *   out: a team that plays more of its games against adjustable teams takes a larger share.
 * - Balance: find the single number λ such that, with
 *       x(i) = clamp(wins(i) + λ × w(i), 0, 82)   for each adjustable team,
 *   the locked wins plus Σ x(i) equal 1230. In words: the difference (1230 − total) is shared out
 *   in proportion to the weights; a team that reaches 0 or 82 stops there and the rest is shared
 *   among the others. It is computed by repeating "share the remaining difference among the teams
 *   that can still move, in proportion to their weights, then clamp" at most 200 times, stopping
 *   when |1230 − total| < 1e-6 (it needs at most one pass per team that hits a bound, plus one).
 * - Rounding: each x(i) is rounded down, then the wins still missing to make exactly 1230 go one
 *   each to the teams with the largest fractional parts; ties go to the team earlier in the team
 *   list. So the result is whole numbers, 0–82, total exactly 1230.
 * - Consequences: a balanced input (integers, total 1230) is returned unchanged, so balancing is
 *   idempotent; when the total is below 1230 no team loses wins (above: no team gains any); the
 *   same input always gives the same output.
 * - Impossible: if the locked wins alone exceed 1230, or the locked wins plus 82 for every
 *   adjustable team fall short of 1230, balancing returns an error value (never throws) saying so,
 *   and changes nothing.
 */

export const MIN_WINS = 0;
export const MAX_WINS = 82;
export const DEFAULT_WINS = 41;
/** 30 teams × 82 games / 2: every game has one winner. */
export const LEAGUE_TOTAL = 1230;
export const MAX_ITERATIONS = 200;
export const TOLERANCE = 1e-6;

/** Games between two teams in the schedule model. */
export const GAMES_SAME_DIVISION = 4;
export const GAMES_SAME_CONFERENCE = 3.3;
export const GAMES_OTHER_CONFERENCE = 2;
/** The same numbers in tenths of a game, so weights are exact integers. */
const TENTHS_SAME_DIVISION = 40;
const TENTHS_SAME_CONFERENCE = 33;
const TENTHS_OTHER_CONFERENCE = 20;

export type Conference = 'East' | 'West';
export const CONFERENCES: readonly Conference[] = ['East', 'West'];

/** The structure of one team as the solver needs it (the shared TEAMS list fits this shape). */
export interface TeamSlot {
  readonly code: string;
  readonly conference: Conference;
  readonly division: string;
}

/** Wins by team code. */
export type WinsByTeam = Record<string, number>;
/** Locked teams by team code (`true` = locked; anything else = not locked). */
export type LocksByTeam = Readonly<Record<string, boolean | undefined>>;

export interface BalanceOptions {
  readonly locked?: LocksByTeam;
  /** On: locked teams keep their wins. Off: every team is adjustable and locks are ignored. */
  readonly respectLocks: boolean;
  /** On: weights from the schedule (4 / 3.3 / 2). Off: every adjustable team weighs the same. */
  readonly scheduleAware: boolean;
}

export type WinTotalsErrorCode = 'LOCKED_ABOVE_TOTAL' | 'LOCKED_BELOW_TOTAL' | 'NOT_CONVERGED';

export interface WinTotalsError {
  readonly code: WinTotalsErrorCode;
  /** A sentence a person can read, saying what is wrong and what to do. */
  readonly message: string;
  /** Wins of the teams that balancing may not change. */
  readonly lockedTotal: number;
  readonly lockedCount: number;
  readonly adjustableCount: number;
}

export type BalanceResult =
  { readonly ok: true; readonly wins: WinsByTeam; readonly iterations: number } | { readonly ok: false; readonly error: WinTotalsError };

/** Rounds (halves up) and clamps to 0–82; ±Infinity to the nearest bound; NaN to 41. */
export function clampWins(value: number): number {
  if (Number.isNaN(value)) return DEFAULT_WINS;
  const rounded = Math.round(value);
  // `+ 0` turns −0 (Math.round(−0.4)) into 0.
  return Math.min(MAX_WINS, Math.max(MIN_WINS, rounded)) + 0;
}

/** One team's wins from an untrusted record: a number is clamped, anything else is 41. */
function winsOf(wins: Readonly<Record<string, unknown>>, code: string): number {
  const value = Object.hasOwn(wins, code) ? wins[code] : undefined;
  return typeof value === 'number' ? clampWins(value) : DEFAULT_WINS;
}

/**
 * A complete, valid wins record for `teams`: each number clamped (clampWins), each missing or
 * non-numeric entry 41, unknown codes dropped. Keys in team order.
 */
export function normalizeWins(teams: readonly TeamSlot[], wins: Readonly<Record<string, unknown>>): WinsByTeam {
  const out: WinsByTeam = {};
  for (const team of teams) out[team.code] = winsOf(wins, team.code);
  return out;
}

/**
 * Every team set to `value` (clamped), except the teams in `keep`, which keep their (clamped)
 * wins. The page passes the locked teams as `keep` when respect-locks is on.
 */
export function setAll(teams: readonly TeamSlot[], wins: Readonly<Record<string, unknown>>, value: number, keep: LocksByTeam = {}): WinsByTeam {
  const target = clampWins(value);
  const out: WinsByTeam = {};
  for (const team of teams) out[team.code] = keep[team.code] === true ? winsOf(wins, team.code) : target;
  return out;
}

export function resetAll(teams: readonly TeamSlot[], wins: Readonly<Record<string, unknown>> = {}, keep?: LocksByTeam): WinsByTeam {
  return setAll(teams, wins, DEFAULT_WINS, keep);
}

export function zeroAll(teams: readonly TeamSlot[], wins: Readonly<Record<string, unknown>> = {}, keep?: LocksByTeam): WinsByTeam {
  return setAll(teams, wins, MIN_WINS, keep);
}

export function maxAll(teams: readonly TeamSlot[], wins: Readonly<Record<string, unknown>> = {}, keep?: LocksByTeam): WinsByTeam {
  return setAll(teams, wins, MAX_WINS, keep);
}

/** League total of the (clamped) wins of `teams`. */
export function total(teams: readonly TeamSlot[], wins: Readonly<Record<string, unknown>>): number {
  let sum = 0;
  for (const team of teams) sum += winsOf(wins, team.code);
  return sum;
}

/** Total (clamped) wins per conference. */
export function conferenceTotals(teams: readonly TeamSlot[], wins: Readonly<Record<string, unknown>>): Record<Conference, number> {
  const out: Record<Conference, number> = { East: 0, West: 0 };
  for (const team of teams) out[team.conference] += winsOf(wins, team.code);
  return out;
}

export interface Distance {
  /** total − 1230: positive when over, negative when under. */
  readonly diff: number;
  /** "+12 over", "−8 under" (with a minus sign, U+2212) or "Balanced". */
  readonly label: string;
}

/** How far a league total is from 1230, for people. */
export function distanceFromTarget(leagueTotal: number): Distance {
  const diff = leagueTotal - LEAGUE_TOTAL;
  if (diff > 0) return { diff, label: `+${diff} over` };
  if (diff < 0) return { diff, label: `\u2212${-diff} under` };
  return { diff: 0, label: 'Balanced' };
}

/** Games between two teams in the model: 4 same division, 3.3 same conference, 2 otherwise. */
export function gamesBetween(a: TeamSlot, b: TeamSlot): number {
  if (a.conference === b.conference) {
    return a.division === b.division ? GAMES_SAME_DIVISION : GAMES_SAME_CONFERENCE;
  }
  return GAMES_OTHER_CONFERENCE;
}

function tenthsBetween(a: TeamSlot, b: TeamSlot): number {
  if (a.conference === b.conference) {
    return a.division === b.division ? TENTHS_SAME_DIVISION : TENTHS_SAME_CONFERENCE;
  }
  return TENTHS_OTHER_CONFERENCE;
}

/**
 * Schedule weight of each team, in tenths of a game: for an adjustable team, the games it plays
 * against the other adjustable teams (40 / 33 / 20 tenths per opponent); 0 for a team that is not
 * adjustable. `adjustable[i]` says whether `teams[i]` is adjustable.
 */
export function scheduleWeights(teams: readonly TeamSlot[], adjustable: readonly boolean[]): number[] {
  return teams.map((team, i) => {
    if (adjustable[i] !== true) return 0;
    let weight = 0;
    teams.forEach((other, j) => {
      if (j !== i && adjustable[j] === true) weight += tenthsBetween(team, other);
    });
    return weight;
  });
}

function isAdjustable(team: TeamSlot, options: BalanceOptions): boolean {
  return !(options.respectLocks && options.locked?.[team.code] === true);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function impossible(lockedTotal: number, lockedCount: number, adjustableCount: number, teamCount: number): WinTotalsError | null {
  const facts = { lockedTotal, lockedCount, adjustableCount };
  if (lockedTotal > LEAGUE_TOTAL) {
    return {
      code: 'LOCKED_ABOVE_TOTAL',
      message:
        `Cannot balance to ${LEAGUE_TOTAL}: the ${plural(lockedCount, 'locked team has', 'locked teams have')} ` +
        `${lockedTotal} wins, ${lockedTotal - LEAGUE_TOTAL} more than ${LEAGUE_TOTAL} on their own. ` +
        'Unlock a team, lower a locked team\u2019s wins, or turn off Respect locks.',
      ...facts,
    };
  }
  const most = lockedTotal + MAX_WINS * adjustableCount;
  if (most < LEAGUE_TOTAL) {
    const message =
      adjustableCount === 0
        ? `Cannot balance to ${LEAGUE_TOTAL}: all ${teamCount} teams are locked and have ${lockedTotal} wins, ` +
          `${LEAGUE_TOTAL - lockedTotal} short of ${LEAGUE_TOTAL}. ` +
          'Unlock a team, raise a locked team\u2019s wins, or turn off Respect locks.'
        : `Cannot balance to ${LEAGUE_TOTAL}: the ${plural(lockedCount, 'locked team has', 'locked teams have')} ` +
          `${lockedTotal} wins and the ${plural(adjustableCount, 'unlocked team', 'unlocked teams')} can add at most ` +
          `${MAX_WINS * adjustableCount} (${MAX_WINS} each), so the league can reach only ${most}. ` +
          'Unlock a team, raise a locked team\u2019s wins, or turn off Respect locks.';
    return { code: 'LOCKED_BELOW_TOTAL', message, ...facts };
  }
  return null;
}

/**
 * Balances `wins` to a league total of exactly 1230, as defined at the top of this file.
 * Returns the new wins of every team (keys in team order), or a typed error when 1230 cannot be
 * reached without changing locked teams. Never throws; the same input gives the same output.
 */
export function balanceWins(teams: readonly TeamSlot[], wins: Readonly<Record<string, unknown>>, options: BalanceOptions): BalanceResult {
  const base = teams.map((team) => winsOf(wins, team.code));
  const adjustable = teams.map((team) => isAdjustable(team, options));

  let lockedTotal = 0;
  let lockedCount = 0;
  base.forEach((value, i) => {
    if (!adjustable[i]) {
      lockedTotal += value;
      lockedCount += 1;
    }
  });
  const adjustableCount = teams.length - lockedCount;
  const facts = { lockedTotal, lockedCount, adjustableCount };

  const error = impossible(lockedTotal, lockedCount, adjustableCount, teams.length);
  if (error) return { ok: false, error };

  const weights = options.scheduleAware ? scheduleWeights(teams, adjustable) : adjustable.map((a) => (a ? 1 : 0));
  const moves = spreadMoves(base, adjustable, weights);
  if (!moves) {
    const message = `Could not balance to ${LEAGUE_TOTAL} within ${MAX_ITERATIONS} steps; nothing was changed.`;
    return { ok: false, error: { code: 'NOT_CONVERGED', message, ...facts } };
  }
  const result = roundToWholeWins(base, adjustable, moves.delta, lockedTotal);
  if (!result) {
    const message = `Could not balance to ${LEAGUE_TOTAL} in whole wins; nothing was changed.`;
    return { ok: false, error: { code: 'NOT_CONVERGED', message, ...facts } };
  }

  const out: WinsByTeam = {};
  teams.forEach((team, i) => {
    out[team.code] = result[i] ?? DEFAULT_WINS;
  });
  return { ok: true, wins: out, iterations: moves.iterations };
}

/**
 * Moves each adjustable team's wins by its share of what the league lacks (or has too much of),
 * clamped to the limits, until the total is within the tolerance. Null when it does not converge.
 */
function spreadMoves(base: readonly number[], adjustable: readonly boolean[], weights: readonly number[]): { delta: number[]; iterations: number } | null {
  // x(i) = base(i) + delta(i). Moves are kept apart from the (whole) starting wins so that teams
  // with equal weights receive bit-identical moves, and so identical fractional parts: ties in the
  // rounding below are then real ties, broken by team order, not by floating-point noise.
  const delta = base.map(() => 0);
  const current = (i: number): number => (base[i] ?? 0) + (delta[i] ?? 0);
  const difference = (): number => {
    let sum = 0;
    for (let i = 0; i < base.length; i += 1) sum += current(i);
    return LEAGUE_TOTAL - sum;
  };

  let iterations = 0;
  let diff = difference();
  while (Math.abs(diff) >= TOLERANCE) {
    const free: number[] = [];
    for (let i = 0; i < base.length; i += 1) {
      if (adjustable[i] && (diff > 0 ? current(i) < MAX_WINS : current(i) > MIN_WINS)) free.push(i);
    }
    if (iterations >= MAX_ITERATIONS || free.length === 0) return null;
    let weightSum = 0;
    for (const i of free) weightSum += weights[i] ?? 0;
    // Only one adjustable team has schedule weight 0 (no adjustable opponents): share uniformly.
    const uniform = weightSum <= 0;
    for (const i of free) {
      const share = uniform ? 1 / free.length : (weights[i] ?? 0) / weightSum;
      const step = diff * share;
      const start = base[i] ?? 0;
      const next = start + (delta[i] ?? 0) + step;
      if (next > MAX_WINS) delta[i] = MAX_WINS - start;
      else if (next < MIN_WINS) delta[i] = MIN_WINS - start;
      else delta[i] = (delta[i] ?? 0) + step;
    }
    iterations += 1;
    diff = difference();
  }
  return { delta, iterations };
}

/**
 * Largest remainder: round every adjustable team down, then hand out the missing wins one each
 * by largest fractional part, ties to the earlier team. Null when whole wins cannot add up.
 */
function roundToWholeWins(base: readonly number[], adjustable: readonly boolean[], delta: readonly number[], lockedTotal: number): number[] | null {
  const result = base.slice();
  const fractions: { index: number; fraction: number }[] = [];
  let adjustedSum = 0;
  for (let i = 0; i < base.length; i += 1) {
    if (!adjustable[i]) continue;
    const move = delta[i] ?? 0;
    const whole = Math.floor(move);
    const value = (base[i] ?? 0) + whole;
    result[i] = value;
    adjustedSum += value;
    fractions.push({ index: i, fraction: move - whole });
  }
  let missing = LEAGUE_TOTAL - lockedTotal - adjustedSum;
  fractions.sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of fractions) {
    if (missing <= 0) break;
    const value = result[index] ?? 0;
    if (value < MAX_WINS) {
      result[index] = value + 1;
      missing -= 1;
    }
  }
  // Only reachable through floating-point trouble beyond the tolerance: take back from the
  // smallest fractional parts, latest team first.
  for (let k = fractions.length - 1; k >= 0 && missing < 0; k -= 1) {
    const entry = fractions[k];
    if (!entry) continue;
    const value = result[entry.index] ?? 0;
    if (value > MIN_WINS) {
      result[entry.index] = value - 1;
      missing += 1;
    }
  }
  return missing === 0 ? result : null;
}
