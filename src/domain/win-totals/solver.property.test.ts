import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEAMS } from '../../shared/teams.js';
import { LEAGUE_TOTAL, MAX_WINS, MIN_WINS, TOLERANCE, balanceWins, clampWins, scheduleWeights, total } from './index.js';
import type { BalanceOptions, TeamSlot } from './index.js';

const teams: readonly TeamSlot[] = TEAMS;
const codes = teams.map((t) => t.code);

/** Whole wins 0–82 for every team. */
const wholeWins = fc
  .tuple(...codes.map(() => fc.integer({ min: MIN_WINS, max: MAX_WINS })))
  .map((values) => Object.fromEntries(codes.map((c, i) => [c, values[i]!])));
/** Anything a careless caller might pass: fractions, out of range, NaN, ±Infinity. */
const messyWins = fc
  .tuple(
    ...codes.map(() =>
      fc.oneof(fc.integer({ min: MIN_WINS, max: MAX_WINS }), fc.double({ min: -50, max: 150, noNaN: false }), fc.constantFrom(Number.NaN, Infinity, -Infinity)),
    ),
  )
  .map((values) => Object.fromEntries(codes.map((c, i) => [c, values[i]!])));
/** Mostly few locks, so most cases are feasible; sometimes many. */
const lockSets = fc.oneof(fc.subarray(codes, { maxLength: 6 }), fc.subarray(codes)).map((list) => Object.fromEntries(list.map((c) => [c, true])));
const options = fc.record({ locked: lockSets, respectLocks: fc.boolean(), scheduleAware: fc.boolean() });

const runs = { numRuns: 400 };

function isLocked(opts: BalanceOptions, code: string): boolean {
  return opts.respectLocks && opts.locked?.[code] === true;
}
function feasible(wins: Record<string, number>, opts: BalanceOptions): boolean {
  let locked = 0;
  let unlocked = 0;
  for (const c of codes) {
    if (isLocked(opts, c)) locked += clampWins(wins[c]!);
    else unlocked += 1;
  }
  return locked <= LEAGUE_TOTAL && locked + MAX_WINS * unlocked >= LEAGUE_TOTAL;
}

describe('balanceWins properties', () => {
  it('succeeds exactly when 1230 is reachable; then the total is 1230 and every team is whole, 0–82', () => {
    fc.assert(
      fc.property(fc.oneof(wholeWins, messyWins), options, (wins, opts) => {
        const result = balanceWins(teams, wins, opts);
        expect(result.ok).toBe(feasible(wins, opts));
        if (!result.ok) {
          expect(['LOCKED_ABOVE_TOTAL', 'LOCKED_BELOW_TOTAL']).toContain(result.error.code);
          expect(result.error.message).toMatch(/Cannot balance to 1230/);
          return;
        }
        expect(Math.abs(total(teams, result.wins) - LEAGUE_TOTAL)).toBeLessThan(TOLERANCE);
        expect(Object.values(result.wins).reduce((a, b) => a + b, 0)).toBe(LEAGUE_TOTAL);
        expect(Object.keys(result.wins)).toEqual(codes);
        for (const c of codes) {
          const w = result.wins[c]!;
          expect(Number.isInteger(w)).toBe(true);
          expect(w).toBeGreaterThanOrEqual(MIN_WINS);
          expect(w).toBeLessThanOrEqual(MAX_WINS);
        }
        expect(result.iterations).toBeLessThanOrEqual(codes.length + 1);
      }),
      runs,
    );
  });

  it('reports an impossible lock set as a typed error (never a wrong total, never a throw)', () => {
    const highWins = fc
      .tuple(...codes.map(() => fc.integer({ min: 55, max: MAX_WINS })))
      .map((values) => Object.fromEntries(codes.map((c, i) => [c, values[i]!])));
    const manyLocks = fc.subarray(codes, { minLength: 18 }).map((list) => Object.fromEntries(list.map((c) => [c, true])));
    fc.assert(
      fc.property(fc.oneof(highWins, wholeWins), manyLocks, fc.boolean(), (wins, locked, scheduleAware) => {
        const opts = { locked, respectLocks: true, scheduleAware };
        const lockedTotal = codes.filter((c) => locked[c]).reduce((a, c) => a + wins[c]!, 0);
        const unlocked = codes.filter((c) => !locked[c]).length;
        const result = balanceWins(teams, wins, opts);
        if (lockedTotal > LEAGUE_TOTAL) {
          expect(result).toMatchObject({ ok: false, error: { code: 'LOCKED_ABOVE_TOTAL', lockedTotal } });
        } else if (lockedTotal + MAX_WINS * unlocked < LEAGUE_TOTAL) {
          expect(result).toMatchObject({ ok: false, error: { code: 'LOCKED_BELOW_TOTAL', lockedTotal } });
        } else {
          expect(result.ok).toBe(true);
        }
      }),
      runs,
    );
  });

  it('leaves locked teams unchanged when respect-locks is on', () => {
    fc.assert(
      fc.property(wholeWins, options, (wins, opts) => {
        const result = balanceWins(teams, wins, { ...opts, respectLocks: true });
        if (!result.ok) return;
        for (const c of codes) if (opts.locked[c] === true) expect(result.wins[c]).toBe(wins[c]);
      }),
      runs,
    );
  });

  it('is idempotent: balancing a balanced result changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(wholeWins, messyWins), options, (wins, opts) => {
        const once = balanceWins(teams, wins, opts);
        if (!once.ok) return;
        const twice = balanceWins(teams, once.wins, opts);
        expect(twice).toEqual({ ok: true, wins: once.wins, iterations: 0 });
      }),
      runs,
    );
  });

  it('is deterministic: the same input gives the same output', () => {
    fc.assert(
      fc.property(messyWins, options, (wins, opts) => {
        expect(balanceWins(teams, { ...wins }, { ...opts })).toEqual(balanceWins(teams, wins, opts));
      }),
      runs,
    );
  });

  it('only moves in one direction: below 1230 no team loses wins, above no team gains any', () => {
    fc.assert(
      fc.property(wholeWins, options, (wins, opts) => {
        const result = balanceWins(teams, wins, opts);
        if (!result.ok) return;
        const direction = Math.sign(LEAGUE_TOTAL - total(teams, wins));
        for (const c of codes) {
          const move = result.wins[c]! - wins[c]!;
          if (direction >= 0) expect(move).toBeGreaterThanOrEqual(0);
          if (direction <= 0) expect(move).toBeLessThanOrEqual(0);
        }
      }),
      runs,
    );
  });

  it('matches its definition: x(i) = clamp(wins(i) + λ·w(i), 0, 82) for one λ, then rounded by less than 1', () => {
    fc.assert(
      fc.property(wholeWins, options, (wins, opts) => {
        const result = balanceWins(teams, wins, opts);
        if (!result.ok) return;
        const adjustable = codes.map((c) => !isLocked(opts, c));
        const flat = adjustable.map((a) => (a ? 1 : 0));
        const schedule = scheduleWeights(teams, adjustable);
        // A lone adjustable team has no adjustable opponents (weight 0): the solver shares uniformly.
        const weights = opts.scheduleAware && schedule.some((w) => w > 0) ? schedule : flat;
        const at = (lambda: number): number[] => codes.map((c, i) => Math.min(MAX_WINS, Math.max(MIN_WINS, wins[c]! + lambda * weights[i]!)));
        const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
        // Bisection for λ, independent of the solver's iteration.
        let lo = -200;
        let hi = 200;
        for (let k = 0; k < 200; k += 1) {
          const mid = (lo + hi) / 2;
          if (sum(at(mid)) < LEAGUE_TOTAL) lo = mid;
          else hi = mid;
        }
        const ideal = at((lo + hi) / 2);
        codes.forEach((c, i) => expect(Math.abs(result.wins[c]! - ideal[i]!)).toBeLessThan(1 + 1e-6));
      }),
      runs,
    );
  });
});
