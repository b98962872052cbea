import { describe, expect, it } from 'vitest';
import { TEAMS } from '../../shared/teams.js';
import {
  DEFAULT_WINS,
  LEAGUE_TOTAL,
  balanceWins,
  clampWins,
  conferenceTotals,
  distanceFromTarget,
  gamesBetween,
  maxAll,
  normalizeWins,
  resetAll,
  scheduleWeights,
  setAll,
  total,
  zeroAll,
} from './index.js';
import type { TeamSlot, WinsByTeam } from './index.js';

const teams: readonly TeamSlot[] = TEAMS;
const codes = teams.map((t) => t.code);
const divisionOf = (division: string): string[] => teams.filter((t) => t.division === division).map((t) => t.code);
const uniform = { respectLocks: true, scheduleAware: false } as const;
const schedule = { respectLocks: true, scheduleAware: true } as const;

function all(value: number): WinsByTeam {
  return Object.fromEntries(codes.map((c) => [c, value]));
}
function locks(list: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(list.map((c) => [c, true]));
}
function balanced(result: ReturnType<typeof balanceWins>): WinsByTeam {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.wins;
}

describe('the league', () => {
  it('has 30 teams in six divisions of five, 15 per conference', () => {
    expect(teams).toHaveLength(30);
    const divisions = new Set(teams.map((t) => t.division));
    expect(divisions.size).toBe(6);
    for (const d of divisions) expect(divisionOf(d)).toHaveLength(5);
    expect(teams.filter((t) => t.conference === 'East')).toHaveLength(15);
  });

  it('gives every team the same schedule weight when no team is locked (4×4 + 10×3.3 + 15×2 = 79)', () => {
    const weights = scheduleWeights(
      teams,
      teams.map(() => true),
    );
    expect(new Set(weights)).toEqual(new Set([790]));
  });
});

describe('clampWins', () => {
  it.each([
    [41, 41],
    [0, 0],
    [82, 82],
    [-5, 0],
    [83, 82],
    [40.5, 41],
    [40.49, 40],
    [-0.4, 0],
    [Infinity, 82],
    [-Infinity, 0],
    [Number.NaN, DEFAULT_WINS],
  ])('%s → %s', (input, expected) => {
    expect(Object.is(clampWins(input), expected)).toBe(true);
  });
});

describe('helpers', () => {
  it('resetAll, zeroAll and maxAll set every team', () => {
    expect(resetAll(teams)).toEqual(all(41));
    expect(zeroAll(teams)).toEqual(all(0));
    expect(maxAll(teams)).toEqual(all(82));
  });

  it('keep the teams passed as keep', () => {
    const [a, b] = codes;
    const wins = { ...all(10), [a!]: 70 };
    expect(resetAll(teams, wins, locks([a!]))).toEqual({ ...all(41), [a!]: 70 });
    expect(zeroAll(teams, wins, { [a!]: true, [b!]: false })[b!]).toBe(0);
    expect(setAll(teams, wins, 99)).toEqual(all(82));
  });

  it('total and conferenceTotals clamp what they read and treat missing teams as 41', () => {
    expect(total(teams, all(41))).toBe(LEAGUE_TOTAL);
    expect(total(teams, {})).toBe(LEAGUE_TOTAL);
    expect(total(teams, all(100))).toBe(30 * 82);
    expect(conferenceTotals(teams, all(41))).toEqual({ East: 615, West: 615 });
    const east = teams.filter((t) => t.conference === 'East').map((t) => t.code);
    expect(conferenceTotals(teams, { ...all(0), ...Object.fromEntries(east.map((c) => [c, 50])) })).toEqual({
      East: 750,
      West: 0,
    });
  });

  it('normalizeWins keeps valid numbers, replaces garbage with 41 and drops unknown codes', () => {
    const [a, b, c] = codes;
    const out = normalizeWins(teams, { [a!]: 12, [b!]: 'x', [c!]: 200, XXX: 5 });
    expect(out[a!]).toBe(12);
    expect(out[b!]).toBe(41);
    expect(out[c!]).toBe(82);
    expect(Object.keys(out)).toEqual(codes);
  });

  it('distanceFromTarget says over, under or balanced', () => {
    expect(distanceFromTarget(1242)).toEqual({ diff: 12, label: '+12 over' });
    expect(distanceFromTarget(1222)).toEqual({ diff: -8, label: '\u22128 under' });
    expect(distanceFromTarget(1230)).toEqual({ diff: 0, label: 'Balanced' });
  });

  it('gamesBetween uses 4 / 3.3 / 2', () => {
    const bos = teams.find((t) => t.division === 'Atlantic')!;
    const sameDivision = teams.find((t) => t.division === 'Atlantic' && t !== bos)!;
    const sameConference = teams.find((t) => t.conference === bos.conference && t.division !== 'Atlantic')!;
    const other = teams.find((t) => t.conference !== bos.conference)!;
    expect([gamesBetween(bos, sameDivision), gamesBetween(bos, sameConference), gamesBetween(bos, other)]).toEqual([4, 3.3, 2]);
  });
});

describe('balanceWins', () => {
  it('returns a balanced league unchanged, in zero iterations', () => {
    const result = balanceWins(teams, all(41), uniform);
    expect(result).toEqual({ ok: true, wins: all(41), iterations: 0 });
  });

  it('brings an all-zero or all-82 league to 41 each', () => {
    expect(balanced(balanceWins(teams, all(0), uniform))).toEqual(all(41));
    expect(balanced(balanceWins(teams, all(82), schedule))).toEqual(all(41));
  });

  it('shares a difference evenly and gives the leftover wins to the earliest teams on ties', () => {
    // 7 wins short: every team gets 7/30; rounding gives one win to the first 7 teams in order.
    const [first] = codes;
    const wins = balanced(balanceWins(teams, { ...all(41), [first!]: 34 }, uniform));
    expect(wins[first!]).toBe(35);
    codes.slice(1, 7).forEach((c) => expect(wins[c]).toBe(42));
    codes.slice(7).forEach((c) => expect(wins[c]).toBe(41));
    expect(total(teams, wins)).toBe(LEAGUE_TOTAL);
  });

  it('stops teams at 0 and 82 and shares the rest among the others', () => {
    // 10 teams at 80, 20 at 30: total 1400, 170 over; each loses 170/30 ≈ 5.67, nobody clamps.
    const high = codes.slice(0, 10);
    const start = { ...all(30), ...Object.fromEntries(high.map((c) => [c, 80])) };
    const wins = balanced(balanceWins(teams, start, uniform));
    expect(total(teams, wins)).toBe(LEAGUE_TOTAL);
    // 29 teams at 0, one at 82 → 1148 short; the one at 82 cannot rise, 29 teams share 1148.
    const one = codes[0]!;
    const low = balanced(balanceWins(teams, { ...all(0), [one]: 82 }, uniform));
    expect(low[one]).toBe(82);
    expect(total(teams, low)).toBe(LEAGUE_TOTAL);
    const others = codes.slice(1).map((c) => low[c]!);
    expect(Math.max(...others) - Math.min(...others)).toBeLessThanOrEqual(1);
  });

  it('clamps teams that would pass 82 and re-distributes what they could not take', () => {
    // 5 teams at 80, 25 at 0: 400, 830 short. 830/30 ≈ 27.7 would put the five past 82, so they
    // stop at 82 (taking 10); the other 25 share 820: 32.8 each → 32, and the first 20 get 33.
    const high = codes.slice(0, 5);
    const start = { ...all(0), ...Object.fromEntries(high.map((c) => [c, 80])) };
    const result = balanceWins(teams, start, uniform);
    const wins = balanced(result);
    if (result.ok) expect(result.iterations).toBe(2);
    for (const c of high) expect(wins[c]).toBe(82);
    const rest = codes.slice(5);
    rest.forEach((c, i) => expect(wins[c]).toBe(i < 20 ? 33 : 32));
    expect(total(teams, wins)).toBe(LEAGUE_TOTAL);
  });

  it('moves every unlocked team by the same amount (±1 for rounding) unless it hits a bound', () => {
    const east = teams.filter((t) => t.conference === 'East').map((t) => t.code);
    // East at 78, West at 20: total 1470, 240 over → each −8: East 70, West 12.
    const start = Object.fromEntries(codes.map((c) => [c, east.includes(c) ? 78 : 20]));
    const wins = balanced(balanceWins(teams, start, uniform));
    for (const c of codes) expect(wins[c]).toBe(east.includes(c) ? 70 : 12);
    // East at 82, West at 5: 1305, 75 over → each −2.5 → 79.5 and 2.5, rounded up or down.
    const start2 = Object.fromEntries(codes.map((c) => [c, east.includes(c) ? 82 : 5]));
    const wins2 = balanced(balanceWins(teams, start2, uniform));
    expect(total(teams, wins2)).toBe(LEAGUE_TOTAL);
    const expected = codes.map((c) => (east.includes(c) ? 79.5 : 2.5));
    codes.forEach((c, i) => expect(Math.abs(wins2[c]! - expected[i]!)).toBe(0.5));
  });

  it('stops a team at 0 when the others must absorb a surplus', () => {
    const [big, ...rest] = codes;
    // One team at 0, the rest at 82: 2378, 1148 over. Each of 29 loses 1148/29 ≈ 39.6; the one
    // at 0 cannot go lower.
    const wins = balanced(balanceWins(teams, { ...all(82), [big!]: 0 }, uniform));
    expect(wins[big!]).toBe(0);
    expect(total(teams, wins)).toBe(LEAGUE_TOTAL);
    const values = rest.map((c) => wins[c]!);
    expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
  });

  it('keeps locked teams when respect-locks is on, ignores locks when it is off', () => {
    const locked = divisionOf('Atlantic');
    const start = { ...all(0), ...Object.fromEntries(locked.map((c) => [c, 70])) };
    const on = balanced(balanceWins(teams, start, { ...uniform, locked: locks(locked) }));
    for (const c of locked) expect(on[c]).toBe(70);
    expect(total(teams, on)).toBe(LEAGUE_TOTAL);
    // 1230 − 350 = 880 over 25 teams = 35.2 each: 5 teams get 36, 20 get 35.
    const rest = codes.filter((c) => !locked.includes(c)).map((c) => on[c]);
    expect(rest.filter((v) => v === 36)).toHaveLength(5);
    expect(rest.filter((v) => v === 35)).toHaveLength(20);

    const off = balanced(balanceWins(teams, start, { ...uniform, respectLocks: false, locked: locks(locked) }));
    expect(total(teams, off)).toBe(LEAGUE_TOTAL);
    // Locks ignored: 880/30 ≈ 29.3 would take the five 70s past 82, so they stop at 82.
    for (const c of locked) expect(off[c]).toBe(82);
  });

  it('schedule-aware: a team that plays more games against unlocked teams takes a larger share', () => {
    // Lock four Atlantic teams; the fifth plays no unlocked division rival.
    const atlantic = divisionOf('Atlantic');
    const alone = atlantic[0]!;
    const locked = atlantic.slice(1);
    const adjustable = codes.map((c) => !locked.includes(c));
    const weights = scheduleWeights(teams, adjustable);
    const weightOf = (code: string): number => weights[codes.indexOf(code)]!;
    const central = divisionOf('Central')[0]!;
    const west = teams.find((t) => t.conference === 'West')!.code;
    // In tenths: alone = 10×33 + 15×20 = 630; Central = 4×40 + 6×33 + 15×20 = 658;
    // West = 4×40 + 10×33 + 11×20 = 710; locked teams weigh 0.
    expect(weightOf(alone)).toBe(630);
    expect(weightOf(central)).toBe(658);
    expect(weightOf(west)).toBe(710);
    for (const c of locked) expect(weightOf(c)).toBe(0);

    const start = { ...all(20), ...Object.fromEntries(locked.map((c) => [c, 41])) };
    // 26 × 20 + 4 × 41 = 684, 546 short. λ = 546 / Σw; a West team gets 710 λ, Boston 630 λ.
    const wins = balanced(balanceWins(teams, start, { ...schedule, locked: locks(locked) }));
    expect(total(teams, wins)).toBe(LEAGUE_TOTAL);
    for (const c of locked) expect(wins[c]).toBe(41);
    const sumW = weights.reduce((a, b) => a + b, 0);
    const lambda = 546 / sumW;
    expect(Math.abs(wins[alone]! - (20 + 630 * lambda))).toBeLessThan(1);
    expect(Math.abs(wins[central]! - (20 + 658 * lambda))).toBeLessThan(1);
    expect(Math.abs(wins[west]! - (20 + 710 * lambda))).toBeLessThan(1);
    expect(wins[alone]!).toBeLessThan(wins[west]!);

    // Without schedule-aware the same input moves every unlocked team by 21 exactly.
    const flat = balanced(balanceWins(teams, start, { ...uniform, locked: locks(locked) }));
    for (const c of codes) expect(flat[c]).toBe(41);
  });

  it('schedule-aware with nothing locked gives the same result as uniform', () => {
    const start = Object.fromEntries(codes.map((c, i) => [c, (i * 17) % 83]));
    expect(balanceWins(teams, start, schedule)).toEqual(balanceWins(teams, start, uniform));
  });

  it('says so when every team is locked at 82', () => {
    const result = balanceWins(teams, all(82), { ...uniform, locked: locks(codes) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('LOCKED_ABOVE_TOTAL');
    expect(result.error.lockedTotal).toBe(2460);
    expect(result.error.message).toContain('2460 wins');
    expect(result.error.message).toContain('1230 more than 1230');
  });

  it('says so when the locked teams plus 82 for every other team cannot reach 1230', () => {
    const locked = codes.slice(0, 16);
    const result = balanceWins(teams, all(0), { ...uniform, locked: locks(locked) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: 'LOCKED_BELOW_TOTAL', lockedTotal: 0, lockedCount: 16, adjustableCount: 14 });
    expect(result.error.message).toContain('can reach only 1148');
  });

  it('says so when all teams are locked below 1230, and balances when they are locked at exactly 1230', () => {
    const below = balanceWins(teams, all(40), { ...uniform, locked: locks(codes) });
    expect(below.ok).toBe(false);
    if (!below.ok) expect(below.error.message).toContain('all 30 teams are locked');
    expect(balanceWins(teams, all(41), { ...uniform, locked: locks(codes) })).toEqual({ ok: true, wins: all(41), iterations: 0 });
  });

  it('reaches 1230 at the edge: locked sum + 82 × unlocked = 1230 exactly', () => {
    const locked = codes.slice(0, 15);
    const start = { ...all(0), ...Object.fromEntries(locked.map((c) => [c, 0])) };
    const wins = balanced(balanceWins(teams, start, { ...schedule, locked: locks(locked) }));
    for (const c of codes) expect(wins[c]).toBe(locked.includes(c) ? 0 : 82);
  });

  it('cleans its input: clamps, rounds, 41 for missing or garbage', () => {
    const [a, b] = codes;
    const wins = balanced(balanceWins(teams, { [a!]: 41.4, [b!]: Number.NaN }, uniform));
    expect(wins).toEqual(all(41));
  });
});
