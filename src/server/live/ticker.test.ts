import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBus, type GameEvent } from '../../engine/events.js';
import type { PlayerOut } from '../../shared/schemas/market.js';
import { Ticker, type Tick } from './ticker.js';

const trade = (tradeId: number, shares = 1): GameEvent => ({
  type: 'tradeCompleted',
  userId: null,
  trade: {
    tradeId,
    itemType: 'player',
    itemId: 7,
    itemName: 'A Player',
    teamCode: 'BOS',
    buyerId: 1,
    sellerId: null,
    buyerUsername: 'amy',
    sellerUsername: null,
    shares,
    priceCents: 150,
    at: Date.UTC(2026, 10, 21),
  },
});
const notice: GameEvent = { type: 'marketUpdated', userId: null, itemType: 'player', itemId: 7 };

let bus: EventBus;
let ticker: Ticker;
let ticks: Tick[];

beforeEach(() => {
  vi.useFakeTimers();
  bus = new EventBus(100, 1);
  ticker = new Ticker(bus, 200, 3);
  ticks = [];
  ticker.subscribe((t) => ticks.push(t));
});
afterEach(() => {
  ticker.stop();
  vi.useRealTimers();
});

const listed = (t: Tick) => t.message.trades.map((x) => x.tradeId);

describe('Ticker', () => {
  it('sends the trades of an interval as one message, oldest first, with the id of the newest', () => {
    bus.publish([trade(10, 4), notice, trade(11)]);
    vi.advanceTimersByTime(150);
    bus.publish([trade(12)]);
    expect(ticks).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(ticks).toHaveLength(1);
    expect(listed(ticks[0]!)).toEqual([10, 11, 12]);
    expect(ticks[0]!.message).toMatchObject({
      type: 'tradesCompleted',
      skipped: 0,
      trades: [{ shares_transferred: 4, price_per_share: 1.5, total_value: 6, playerId: 7, created_at: '2026-11-21T00:00:00.000Z' }, {}, {}],
    });
    expect(ticks[0]!.lastId).toBe(bus.lastId);
    expect(ticks[0]!.envelope[0]).toBe(String(bus.lastId));
  });

  it('gives every follower the very same message object', () => {
    const other: Tick[] = [];
    ticker.subscribe((t) => other.push(t));
    bus.publish([trade(1)]);
    vi.advanceTimersByTime(200);
    expect(other[0]!.envelope).toBe(ticks[0]!.envelope);
  });

  it('sends nothing when no trade happened, whatever else did', () => {
    bus.publish([notice, { type: 'portfolioUpdated', userId: 1 }]);
    vi.advanceTimersByTime(1_000);
    expect(ticks).toHaveLength(0);
  });

  it('says when marks moved since its last message, and only then; without a source of marks, with every message of trades', () => {
    let marks = 'a.1';
    const marked = new Ticker(bus, 200, 3, undefined, { marks: () => marks });
    const got: Tick[] = [];
    marked.subscribe((t) => got.push(t));
    bus.publish([trade(1)]);
    vi.advanceTimersByTime(200);
    bus.publish([trade(2)]);
    vi.advanceTimersByTime(200);
    marks = 'a.2';
    bus.publish([trade(3)]);
    vi.advanceTimersByTime(200);
    marked.stop();
    // The first message knows of no earlier marks: they count as moved.
    expect(got.map((t) => t.message.marksMoved ?? false)).toEqual([true, false, true]);
    expect('marksMoved' in got[1]!.message).toBe(false);
    expect(ticks.map((t) => t.message.marksMoved)).toEqual([true, true, true]);
  });

  it('lists only the newest trades of a burst and counts the others', () => {
    bus.publish([1, 2, 3, 4, 5].map((n) => trade(n)));
    vi.advanceTimersByTime(200);
    expect(listed(ticks[0]!)).toEqual([3, 4, 5]);
    expect(ticks[0]!.message.skipped).toBe(2);
    bus.publish([trade(6)]);
    vi.advanceTimersByTime(200);
    expect(listed(ticks[1]!)).toEqual([6]);
    expect(ticks[1]!.message.skipped).toBe(0);
  });

  it('tells its observer of each message sent, and how many trades it left out', () => {
    const sent: number[] = [];
    const observed = new Ticker(bus, 200, 3, { sent: (skipped) => sent.push(skipped) });
    observed.subscribe(() => {});
    observed.subscribe(() => {});
    bus.publish([1, 2, 3, 4, 5].map((n) => trade(n)));
    vi.advanceTimersByTime(200);
    bus.publish([notice]);
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([2]);
    observed.stop();
  });

  it('tells a returning follower what it missed of the messages sent, not what is still pending', () => {
    bus.publish([trade(1)]);
    const seen = bus.lastId;
    bus.publish([trade(2), notice, trade(3)]);
    vi.advanceTimersByTime(200);
    bus.publish([trade(4)]);
    const missed = ticker.since(seen)!;
    expect(listed(missed)).toEqual([2, 3]);
    expect(ticker.since(ticks[0]!.lastId)).toBeNull();
    vi.advanceTimersByTime(200);
    expect(listed(ticks[1]!)).toEqual([4]);
  });

  it('sends what is pending at once on flush, and nothing more after stop', () => {
    bus.publish([trade(1)]);
    ticker.flush();
    expect(ticks).toHaveLength(1);
    ticker.stop();
    bus.publish([trade(2)]);
    vi.advanceTimersByTime(1_000);
    expect(ticks).toHaveLength(1);
  });

  describe('with the players list’s changes', () => {
    /** A list whose versions count its changes: `changed` holds the rows changed since each version. */
    let version = 1;
    const changedSince = new Map<number, number[]>();
    const asked: (string | undefined)[] = [];
    const source = (since: string | undefined) => {
      asked.push(since);
      const from = Number(since?.slice(2));
      const rows = since === undefined ? null : [...new Set([...changedSince].filter(([v]) => v >= from).flatMap(([, ids]) => ids))];
      return { since: rows === null ? null : since!, version: `g.${version}`, rows: (rows ?? []).map((id) => ({ id }) as PlayerOut) };
    };
    const change = (...ids: number[]) => {
      changedSince.set(version, ids);
      version += 1;
    };
    let listTicker: Ticker;
    let got: Tick[];
    beforeEach(() => {
      version = 1;
      changedSince.clear();
      asked.length = 0;
      listTicker = new Ticker(bus, 200, 3, undefined, { playersChange: source });
      got = [];
      listTicker.subscribe((t) => got.push(t));
    });
    afterEach(() => listTicker.stop());

    it('carries, with each message, the rows changed since the version the previous one brought', () => {
      change(7);
      bus.publish([trade(1)]);
      vi.advanceTimersByTime(200);
      // The first message knows no version before it: its followers ask for the list.
      expect(got[0]!.message.players).toEqual({ since: null, version: 'g.2', rows: [] });
      change(7, 8);
      bus.publish([trade(2)]);
      vi.advanceTimersByTime(200);
      expect(got[1]!.message.players).toEqual({ since: 'g.2', version: 'g.3', rows: [{ id: 7 }, { id: 8 }] });
      // A trade that changed no row still brings the followers to the version now.
      version += 1;
      bus.publish([trade(3)]);
      vi.advanceTimersByTime(200);
      expect(got[2]!.message.players).toEqual({ since: 'g.3', version: 'g.4', rows: [] });
      expect(asked).toEqual([undefined, 'g.2', 'g.3']);
    });

    it('sends a change of the market without a trade as a message of its own, and nothing when no row changed', () => {
      bus.publish([trade(1)]);
      vi.advanceTimersByTime(200);
      const sentUpTo = got[0]!.lastId;
      change(9);
      bus.publish([notice]);
      vi.advanceTimersByTime(200);
      expect(got).toHaveLength(2);
      expect(got[1]!.message).toEqual({ type: 'tradesCompleted', trades: [], skipped: 0, players: { since: 'g.1', version: 'g.2', rows: [{ id: 9 }] } });
      // Its event id is the last trade's: a follower resuming from it misses no trade.
      expect(got[1]!.lastId).toBe(sentUpTo);
      // An order opened or cancelled: the market changed, no row did.
      version += 1;
      bus.publish([notice]);
      vi.advanceTimersByTime(1_000);
      expect(got).toHaveLength(2);
      // Nor is the list asked about when nothing happened.
      const asks = asked.length;
      vi.advanceTimersByTime(5_000);
      expect(asked).toHaveLength(asks);
    });

    it('puts the list off while its source cannot build it yet, and sends the change once it can, trades on time meanwhile', () => {
      listTicker.stop();
      let ready = false;
      listTicker = new Ticker(bus, 200, 3, undefined, { playersChange: (since) => (ready ? source(since) : undefined) });
      listTicker.subscribe((t) => got.push(t));
      change(7);
      bus.publish([trade(1)]);
      vi.advanceTimersByTime(200);
      // The trade goes out on time, without the list.
      expect(got.map((t) => [listed(t), t.message.players])).toEqual([[[1], undefined]]);
      bus.publish([notice]);
      vi.advanceTimersByTime(600);
      expect(got).toHaveLength(1);
      ready = true;
      vi.advanceTimersByTime(200);
      expect(got).toHaveLength(2);
      expect(got[1]!.message).toMatchObject({ trades: [], players: { since: null, version: 'g.2' } });
      // Then as before: nothing more without a change.
      vi.advanceTimersByTime(2_000);
      expect(got).toHaveLength(2);
    });

    it('does not build the list while nobody follows', () => {
      listTicker.stop();
      listTicker = new Ticker(bus, 200, 3, undefined, { playersChange: source });
      bus.publish([trade(1), notice]);
      vi.advanceTimersByTime(1_000);
      expect(asked).toEqual([]);
    });
  });
});
