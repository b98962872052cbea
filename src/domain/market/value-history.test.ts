import { describe, expect, it } from 'vitest';
import { markOnLine, type MarkLine } from './mark.js';
import { HISTORY_MAX_POINTS, replayValueHistory, type HistoryRows, type HistoryTrade, type MarkSource } from './value-history.js';

const START = 8_000_000_000;
const NOW = 10_000;
const CURRY = 'player:10';
const GREEN = 'player:11';
const TEAM = 'team:3';

/** Marks over time from lines of changes ($1.00 before the first). */
function marks(lines: Record<string, [at: number, cents: number][]>): MarkSource {
  const of = (key: string): MarkLine => ({ at: (lines[key] ?? []).map(([at]) => at), cents: (lines[key] ?? []).map(([, c]) => c) });
  return {
    markAt: (key, at) => markOnLine(of(key), at),
    nextChange: (key, at) => of(key).at.find((t) => t > at) ?? Number.POSITIVE_INFINITY,
  };
}

/** One of Alice's trades: a purchase, or a sale when `shares` is negative. */
function tradeOf(t: Partial<HistoryTrade> & Pick<HistoryTrade, 'instrumentId' | 'shares' | 'priceCents' | 'createdAt'>): HistoryTrade {
  return { instrument: 'player', ...t };
}

/** Rows with the trades given oldest first (the repository gives them newest first). */
function rows(r: Partial<HistoryRows> & { portfolio: HistoryRows['portfolio']; oldestFirst?: HistoryTrade[] }): HistoryRows {
  return {
    now: NOW,
    startsAt: 1,
    trades: [...(r.oldestFirst ?? [])].reverse(),
    complete: true,
    contractChanges: [],
    rosters: new Map(),
    ...r,
  };
}

describe('a portfolio’s value over time (domain/market/value-history.ts)', () => {
  it('is two flat points (the start and now) without trades', () => {
    expect(replayValueHistory(rows({ portfolio: { cashCents: START, shareValueCents: 0, holdings: [] } }), marks({}))).toEqual([
      { at: 1, cashCents: START, shareValueCents: 0, totalValueCents: START },
      { at: NOW, cashCents: START, shareValueCents: 0, totalValueCents: START },
    ]);
  });

  it('values each point at the marks as they were then: a friends’ print that never moved the mark moves no point', () => {
    const oldestFirst = [
      // 1000: alice buys 100 Curry from the open market at $1.00.
      tradeOf({ instrumentId: 10, shares: 100, priceCents: 100, createdAt: 1_000 }),
      // 2000: she sells 1 to a friend at $1,000,000: the mark stays $1.00 (the open market still sells).
      tradeOf({ instrumentId: 10, shares: -1, priceCents: 100_000_000, createdAt: 2_000 }),
      // 3000: 20 Green at $1.00.
      tradeOf({ instrumentId: 11, shares: 20, priceCents: 100, createdAt: 3_000 }),
    ];
    const cash = START - 10_000 + 100_000_000 - 2_000;
    const points = replayValueHistory(
      rows({
        oldestFirst,
        portfolio: {
          cashCents: cash,
          shareValueCents: 99 * 300 + 20 * 100,
          holdings: [
            { instrument: 'player', instrumentId: 10, shares: 99 },
            { instrument: 'player', instrumentId: 11, shares: 20 },
          ],
        },
      }),
      // Curry's mark becomes $3.00 at 4000 (after it sold out, others traded there): the points after move, those before do not.
      marks({ [CURRY]: [[4_000, 300]] }),
    );
    expect(points).toEqual([
      { at: 1, cashCents: START, shareValueCents: 0, totalValueCents: START },
      { at: 1_000, cashCents: START - 10_000, shareValueCents: 10_000, totalValueCents: START },
      { at: 2_000, cashCents: START - 10_000 + 100_000_000, shareValueCents: 9_900, totalValueCents: START - 10_000 + 100_000_000 + 9_900 },
      { at: 3_000, cashCents: cash, shareValueCents: 9_900 + 2_000, totalValueCents: cash + 11_900 },
      { at: NOW, cashCents: cash, shareValueCents: 99 * 300 + 2_000, totalValueCents: cash + 99 * 300 + 2_000 },
    ]);
  });

  it('counts cash escrowed in open asks as cash (the portfolio now holds it), and values team holdings too', () => {
    const oldestFirst = [
      tradeOf({ instrument: 'team', instrumentId: 3, shares: 40, priceCents: 100, createdAt: 1_000 }),
      tradeOf({ instrument: 'team', instrumentId: 3, shares: -10, priceCents: 250, createdAt: 2_000 }),
    ];
    const points = replayValueHistory(
      rows({
        oldestFirst,
        portfolio: { cashCents: START - 4_000 + 2_500, shareValueCents: 30 * 250, holdings: [{ instrument: 'team', instrumentId: 3, shares: 30 }] },
        rosters: new Map([[3, []]]),
      }),
      marks({ [TEAM]: [[2_000, 250]] }),
    );
    expect(points.map((p) => p.cashCents)).toEqual([START, START - 4_000, START - 1_500, START - 1_500]);
    expect(points.map((p) => p.shareValueCents)).toEqual([0, 4_000, 7_500, 7_500]);
  });

  it('undoes a player’s contract change, with a point of its own', () => {
    const oldestFirst = [
      tradeOf({ instrumentId: 10, shares: 100, priceCents: 100, createdAt: 1_000 }),
      tradeOf({ instrumentId: 11, shares: 10, priceCents: 100, createdAt: 1_500 }),
    ];
    const points = replayValueHistory(
      rows({
        oldestFirst,
        // Curry's salary doubles at 2000: 200 shares. A change of a player she does not hold is no point of hers.
        contractChanges: [
          { at: 2_500, playerId: 99, oldSalary: 10, newSalary: 20 },
          { at: 2_000, playerId: 10, oldSalary: 1_000_000, newSalary: 2_000_000 },
        ],
        portfolio: {
          cashCents: START - 11_000,
          shareValueCents: 200 * 300 + 1_000,
          holdings: [
            { instrument: 'player', instrumentId: 10, shares: 200 },
            { instrument: 'player', instrumentId: 11, shares: 10 },
          ],
        },
      }),
      marks({ [CURRY]: [[3_000, 300]] }),
    );
    expect(points.map((p) => [p.at, p.shareValueCents])).toEqual([
      [1, 0],
      [1_000, 10_000],
      [1_500, 11_000],
      [2_000, 21_000], // 200 shares at $1.00
      [NOW, 61_000],
    ]);
    expect(points[0]!.totalValueCents).toBe(START);
  });

  it('undoes a team’s payroll changes from its roster: drafted rookies and retirements', () => {
    const points = replayValueHistory(
      rows({
        // Payroll 1,500,000: alice buys 150 team shares at $1.00.
        oldestFirst: [tradeOf({ instrument: 'team', instrumentId: 3, shares: 150, priceCents: 100, createdAt: 1_000 })],
        rosters: new Map([
          [
            3,
            [
              { id: 10, salary: 1_000_000, createdAt: 0, retiredAt: null },
              // Green retires at 3000; a rookie joins at 2000.
              { id: 11, salary: 500_000, createdAt: 0, retiredAt: 3_000 },
              { id: 12, salary: 1_500_000, createdAt: 2_000, retiredAt: null },
            ],
          ],
        ]),
        portfolio: { cashCents: START - 15_000, shareValueCents: 250 * 200, holdings: [{ instrument: 'team', instrumentId: 3, shares: 250 }] },
      }),
      marks({ [TEAM]: [[3_500, 200]] }),
    );
    expect(points.map((p) => [p.at, p.shareValueCents])).toEqual([
      [1, 0],
      [1_000, 15_000],
      [2_000, 30_000], // 300 shares at $1.00
      [3_000, 25_000], // 250 shares
      [NOW, 50_000], // 250 × $2.00
    ]);
  });

  it('never counts shares below zero when a rescale is not known', () => {
    const points = replayValueHistory(
      rows({
        oldestFirst: [tradeOf({ instrumentId: 10, shares: 100, priceCents: 100, createdAt: 1_000 })],
        portfolio: { cashCents: START - 10_000, shareValueCents: 5_000, holdings: [{ instrument: 'player', instrumentId: 10, shares: 50 }] },
      }),
      marks({}),
    );
    expect(points[0]).toEqual({ at: 1, cashCents: START, shareValueCents: 0, totalValueCents: START });
    expect(points.every((p) => p.shareValueCents >= 0)).toBe(true);
  });

  it(`keeps the latest ${HISTORY_MAX_POINTS} points, in time order, ending now`, () => {
    const trades = 700;
    const oldestFirst = Array.from({ length: trades }, (_, i) => tradeOf({ instrumentId: 10, shares: 1, priceCents: 100, createdAt: 1_000 + i }));
    const points = replayValueHistory(
      rows({
        // The repository read a page more than the points: not all of them.
        oldestFirst: oldestFirst.slice(-(HISTORY_MAX_POINTS + 2)),
        complete: false,
        now: 5_000,
        portfolio: { cashCents: START - trades * 100, shareValueCents: trades * 100, holdings: [{ instrument: 'player', instrumentId: 10, shares: trades }] },
      }),
      marks({}),
    );
    expect(points).toHaveLength(HISTORY_MAX_POINTS);
    expect(points.at(-1)!.at).toBe(5_000);
    expect(points.at(-2)!.at).toBe(1_000 + trades - 1);
    const times = points.map((p) => p.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Every point values what was bought at $1.00, the mark: the total never moves.
    expect(new Set(points.map((p) => p.totalValueCents))).toEqual(new Set([START]));
  });

  it('counts a contract change in the same millisecond as a trade as after it', () => {
    // She bought 100 Curry at 1000, and his salary doubled in that very millisecond: she has 200.
    const points = replayValueHistory(
      rows({
        oldestFirst: [tradeOf({ instrumentId: 10, shares: 100, priceCents: 100, createdAt: 1_000 })],
        contractChanges: [{ at: 1_000, playerId: 10, oldSalary: 1_000_000, newSalary: 2_000_000 }],
        portfolio: { cashCents: START - 10_000, shareValueCents: 20_000, holdings: [{ instrument: 'player', instrumentId: 10, shares: 200 }] },
      }),
      marks({}),
    );
    // Undone newest first: the rescale (200 → 100), then the purchase (100 → none). She started with no shares.
    expect(points.map((p) => [p.at, p.cashCents, p.shareValueCents])).toEqual([
      [1, START, 0],
      [1_000, START - 10_000, 10_000],
      [1_000, START - 10_000, 20_000],
      [NOW, START - 10_000, 20_000],
    ]);
  });

  it(`values the oldest of the ${HISTORY_MAX_POINTS} points kept with what the states left out hold`, () => {
    // 600 Curry purchases and one of Green, one a millisecond: the Green one is the newest of the states left out.
    const curry = (at: number) => tradeOf({ instrumentId: 10, shares: 1, priceCents: 100, createdAt: at });
    const oldestFirst = [
      ...Array.from({ length: 101 }, (_, i) => curry(1_000 + i)),
      tradeOf({ instrumentId: 11, shares: 5, priceCents: 100, createdAt: 1_101 }),
      ...Array.from({ length: 499 }, (_, i) => curry(1_102 + i)),
    ];
    const points = replayValueHistory(
      rows({
        oldestFirst,
        now: 5_000,
        portfolio: {
          cashCents: START - 60_500,
          shareValueCents: 60_500,
          holdings: [
            { instrument: 'player', instrumentId: 10, shares: 600 },
            { instrument: 'player', instrumentId: 11, shares: 5 },
          ],
        },
      }),
      marks({}),
    );
    expect(points).toHaveLength(HISTORY_MAX_POINTS);
    // The oldest point kept is the 102nd Curry purchase: 102 Curry and the 5 Green, at $1.00.
    expect(points[0]).toEqual({ at: 1_102, cashCents: START - 10_700, shareValueCents: 10_700, totalValueCents: START });
  });

  it('takes the marks of GREEN too when the same millisecond holds trades of two instruments', () => {
    const oldestFirst = [
      tradeOf({ instrumentId: 10, shares: 5, priceCents: 100, createdAt: 1_000 }),
      tradeOf({ instrumentId: 11, shares: 5, priceCents: 100, createdAt: 1_000 }),
    ];
    const points = replayValueHistory(
      rows({
        oldestFirst,
        portfolio: {
          cashCents: START - 1_000,
          shareValueCents: 5 * 100 + 5 * 400,
          holdings: [
            { instrument: 'player', instrumentId: 10, shares: 5 },
            { instrument: 'player', instrumentId: 11, shares: 5 },
          ],
        },
      }),
      marks({ [GREEN]: [[500, 400]] }),
    );
    expect(points.map((p) => [p.at, p.shareValueCents])).toEqual([
      [1, 0],
      [1_000, 500 + 2_000],
      [NOW, 2_500],
    ]);
  });

  it('values each holding at its mark at each point: marks that move several times between points or at one, a holding sold out and bought again', () => {
    const oldestFirst = [
      tradeOf({ instrumentId: 10, shares: 10, priceCents: 100, createdAt: 1_000 }),
      tradeOf({ instrumentId: 11, shares: 5, priceCents: 100, createdAt: 2_000 }),
      tradeOf({ instrumentId: 10, shares: -10, priceCents: 300, createdAt: 3_000 }),
      tradeOf({ instrumentId: 10, shares: 4, priceCents: 500, createdAt: 5_000 }),
    ];
    const lines: Record<string, [number, number][]> = {
      [CURRY]: [
        [1_500, 200],
        [2_500, 300],
        [3_000, 350],
        [4_000, 500],
        [6_000, 700],
      ],
      [GREEN]: [
        [2_000, 150],
        [2_001, 900],
      ],
    };
    const withoutCursor = marks(lines);
    // The same marks through cursors, as the read models give them.
    const withCursor: MarkSource = {
      ...withoutCursor,
      cursor: (key) => ({ markAt: (at) => withoutCursor.markAt(key, at), nextChange: (at) => withoutCursor.nextChange(key, at) }),
    };
    const input = rows({
      oldestFirst,
      portfolio: {
        cashCents: START - 500,
        shareValueCents: 4 * 700 + 5 * 900,
        holdings: [
          { instrument: 'player', instrumentId: 10, shares: 4 },
          { instrument: 'player', instrumentId: 11, shares: 5 },
        ],
      },
    });
    const expected = [
      [1, START, 0],
      [1_000, START - 1_000, 10 * 100],
      [2_000, START - 1_500, 10 * 200 + 5 * 150],
      [3_000, START + 1_500, 5 * 900], // sold out of Curry at the very millisecond his mark moved to $3.50
      [5_000, START - 500, 4 * 500 + 5 * 900],
      [NOW, START - 500, 4 * 700 + 5 * 900],
    ];
    for (const source of [withoutCursor, withCursor]) {
      const points = replayValueHistory(input, source);
      expect(points.map((p) => [p.at, p.cashCents, p.shareValueCents])).toEqual(expected);
      expect(points.every((p) => p.totalValueCents === p.cashCents + p.shareValueCents)).toBe(true);
    }
  });
});
