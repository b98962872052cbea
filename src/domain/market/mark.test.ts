import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARK_WINDOW_MS, MarkBook, MarkTimeline, markAt, markOnLine, markTimeline, openMarketSince, weightedMedian, type MarkTrade, type OpenMarketChange } from './mark.js';

const DAY = MARK_WINDOW_MS;
const HOUR = DAY / 24;
const T0 = 1_000 * DAY;
const terms = (totalShares: number, seasonStart = 0) => ({ totalShares, seasonStart });
const trade = (at: number, shares: number, priceCents: number): MarkTrade => ({ at, shares, priceCents });
const soldOut = (at: number): OpenMarketChange => ({ at, held: false });
const refilled = (at: number): OpenMarketChange => ({ at, held: true });

describe('the mark (docs/rules.md §5)', () => {
  it('is $1.00 with no trade between users ever', () => {
    expect(markAt([], [], terms(1_000), T0)).toBe(100);
    expect(markAt([], [soldOut(T0 - HOUR)], terms(1_000), T0)).toBe(100);
  });

  it('is $1.00 while the open market has held shares all day, whatever friends trade', () => {
    // 1 share of Curry at $1,000,000 between two friends while the open market still sells at $1.00.
    expect(markAt([trade(T0 - 1, 1, 100_000_000)], [], terms(59_600_000), T0)).toBe(100);
  });

  it('is $1.00 since the season began when the open market has held shares since then, even for less than a day', () => {
    const seasonStart = T0 - HOUR;
    expect(markAt([trade(T0 - 1, 10, 500)], [soldOut(T0 - 3 * DAY), refilled(seasonStart)], terms(100, seasonStart), T0)).toBe(100);
  });

  it('is the median of the trades once the open market sold out, and stays so for a day after it refills', () => {
    const trades = [trade(T0 - 2 * HOUR, 10, 500)];
    expect(markAt(trades, [soldOut(T0 - 3 * HOUR)], terms(100), T0)).toBe(500);
    // A dump refills the open market an hour ago: anyone could buy at $1.00 only for an hour.
    const changes = [soldOut(T0 - 3 * HOUR), refilled(T0 - HOUR)];
    expect(markAt(trades, changes, terms(100), T0)).toBe(500);
    expect(markAt(trades, changes, terms(100), T0 - HOUR + DAY - 1)).toBe(500);
    expect(markAt(trades, changes, terms(100), T0 - HOUR + DAY)).toBe(100);
  });

  it('weighs each share traded as one vote: a 1-share print among a day’s volume moves nothing', () => {
    const day = [trade(T0 - 5 * HOUR, 400, 500), trade(T0 - 4 * HOUR, 300, 520), trade(T0 - 3 * HOUR, 300, 480)];
    expect(markAt(day, [soldOut(0)], terms(10_000), T0)).toBe(500);
    expect(markAt([...day, trade(T0 - 1, 1, 100_000_000)], [soldOut(0)], terms(10_000), T0)).toBe(500);
    // Half the volume at the new price moves it.
    expect(markAt([...day, trade(T0 - 1, 1_001, 900)], [soldOut(0)], terms(10_000), T0)).toBe(900);
  });

  it('reaches back past the day until the trades cover 1% of the shares, or takes all of them', () => {
    const old = [trade(T0 - 10 * DAY, 600, 300), trade(T0 - 5 * DAY, 400, 400)];
    // 1% of 100,000 is 1,000: the two old trades with the 1-share print of today.
    expect(markAt([...old, trade(T0 - 1, 1, 100_000_000)], [soldOut(0)], terms(100_000), T0)).toBe(300);
    // 1% of 50,000 is 500: today's trade and the newer old one cover it.
    expect(markAt([...old, trade(T0 - 1, 100, 100_000_000)], [soldOut(0)], terms(50_000), T0)).toBe(400);
    // Today's trades alone cover it: only they count.
    expect(markAt([...old, trade(T0 - 1, 600, 700)], [soldOut(0)], terms(50_000), T0)).toBe(700);
  });

  it('is never below $1.00', () => {
    expect(markAt([trade(T0 - 1, 10, 100)], [soldOut(0)], terms(100), T0)).toBe(100);
  });

  it('the median of an even vote is the lower middle price', () => {
    expect(weightedMedian([trade(0, 5, 300), trade(0, 5, 700)])).toBe(300);
    expect(weightedMedian([trade(0, 5, 300), trade(0, 6, 700)])).toBe(700);
    expect(weightedMedian([])).toBeNull();
  });

  it('reads since when the open market has held shares from its changes', () => {
    expect(openMarketSince([], T0)).toBe(Number.NEGATIVE_INFINITY);
    expect(openMarketSince([soldOut(1), refilled(5), soldOut(9)], 7)).toBe(5);
    expect(openMarketSince([soldOut(1), refilled(5), soldOut(9)], 9)).toBeNull();
    expect(openMarketSince([soldOut(1), refilled(5), refilled(6)], 9)).toBe(5);
  });
});

/** A random instrument's life: trades between users, the open market emptying and refilling, time passing. */
const life = fc
  .record({
    totalShares: fc.integer({ min: 0, max: 5_000 }),
    seasonStart: fc.constantFrom(0, T0 + 5 * HOUR),
    steps: fc.array(
      fc.oneof(
        {
          weight: 6,
          arbitrary: fc.record({ kind: fc.constant('trade' as const), shares: fc.integer({ min: 1, max: 80 }), price: fc.integer({ min: 50, max: 900 }) }),
        },
        { weight: 2, arbitrary: fc.record({ kind: fc.constant('open' as const), held: fc.boolean() }) },
        { weight: 4, arbitrary: fc.record({ kind: fc.constant('time' as const), ms: fc.constantFrom(0, 1, HOUR, 6 * HOUR, DAY - 1, DAY, 3 * DAY) }) },
      ),
      { maxLength: 60 },
    ),
  })
  .map(({ totalShares, seasonStart, steps }) => {
    let at = T0;
    const trades: MarkTrade[] = [];
    const changes: OpenMarketChange[] = [];
    const told: ({ kind: 'trade'; trade: MarkTrade } | { kind: 'open'; change: OpenMarketChange } | { kind: 'time'; at: number })[] = [];
    for (const s of steps) {
      if (s.kind === 'time') {
        at += s.ms;
        told.push({ kind: 'time', at });
      } else if (s.kind === 'trade') {
        trades.push(trade(at, s.shares, s.price));
        told.push({ kind: 'trade', trade: trades.at(-1)! });
      } else {
        changes.push({ at, held: s.held });
        told.push({ kind: 'open', change: changes.at(-1)! });
      }
    }
    return { terms: terms(totalShares, seasonStart), trades, changes, told, end: at };
  });

describe('MarkBook and the mark over time', () => {
  it('a book told trades, open-market changes and time in order has the mark worked out from scratch at every step', () => {
    fc.assert(
      fc.property(life, ({ terms: t, trades, changes, told }) => {
        const book = new MarkBook(t);
        let now = T0;
        const known = { trades: [] as MarkTrade[], changes: [] as OpenMarketChange[] };
        for (const step of told) {
          if (step.kind === 'time') {
            now = step.at;
            book.advance(now);
          } else if (step.kind === 'trade') {
            known.trades.push(step.trade);
            book.add(step.trade);
          } else {
            known.changes.push(step.change);
            book.openMarket(step.change.held, step.change.at);
          }
          expect(book.mark).toBe(markAt(known.trades, known.changes, t, now));
          // And until it says it changes, it does not.
          const due = book.due();
          if (Number.isFinite(due)) expect(markAt(known.trades, known.changes, t, due - 1)).toBe(book.mark);
        }
        expect(known.trades).toEqual(trades);
        expect(known.changes).toEqual(changes);
      }),
      { numRuns: 300 },
    );
  });

  it('the mark over a season equals the mark worked out from scratch at every time, and a book started from it goes on alike', () => {
    fc.assert(
      fc.property(life, ({ terms: t, trades, changes, end }) => {
        const { line, book } = markTimeline(trades, changes, t, end);
        const probes = new Set<number>([T0 - 1, end, end + DAY]);
        for (const x of [...trades.map((tr) => tr.at), ...changes.map((c) => c.at)]) for (const d of [-1, 0, 1, DAY - 1, DAY]) probes.add(x + d);
        for (const at of probes) if (at <= end) expect(markOnLine(line, at), `at ${at}`).toBe(markAt(trades, changes, t, at));
        expect(book.mark).toBe(markAt(trades, changes, t, end));
        // A book loaded in one go from the same trades has the same mark.
        const loaded = new MarkBook(t, openMarketSince(changes, end));
        loaded.addAll(trades, end);
        expect(loaded.mark).toBe(book.mark);
        book.advance(end + 2 * DAY);
        loaded.advance(end + 2 * DAY);
        expect(loaded.mark).toBe(markAt(trades, changes, t, end + 2 * DAY));
        expect(book.mark).toBe(loaded.mark);
      }),
      { numRuns: 300 },
    );
  });

  it('told a page of trades at a time, with the open market’s changes known by then, is the mark over the season told at once', () => {
    fc.assert(
      fc.property(life, fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 30 }), ({ terms: t, trades, changes, end }, sizes) => {
        const timeline = new MarkTimeline(t);
        let from = 0;
        for (const size of sizes) {
          const page = trades.slice(from, from + size);
          from += page.length;
          // The changes written by the time the page was read: those up to its last trade.
          const last = page[page.length - 1]?.at ?? Number.NEGATIVE_INFINITY;
          timeline.page(page, changes.filter((c) => c.at <= last));
        }
        const paged = timeline.finish(trades.slice(from), changes, end);
        const whole = markTimeline(trades, changes, t, end);
        expect(paged.line).toEqual(whole.line);
        expect(paged.book.mark).toBe(whole.book.mark);
        expect(paged.book.due()).toBe(whole.book.due());
      }),
      { numRuns: 300 },
    );
  });
});
