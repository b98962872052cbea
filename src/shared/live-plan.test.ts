import { describe, expect, it } from 'vitest';
import {
  actionPlan,
  COUNTS,
  countsFrom,
  BATCH_MS,
  eventPlan,
  INSTRUMENT_MS,
  InvalidationBatcher,
  GLANCE_MS,
  PHASE_SPAN_MS,
  MARKET_WIDE_MS,
  PLAYERS_LIST,
  matchesQuery,
  tickerPlan,
  VALUES_MS,
  type QueryFilter,
} from './live-plan.js';
import type { LiveTrade } from './live.js';
import type { InstrumentKind } from './instrument.js';

/** Timers under the test's control: `advance` runs what is due, in time order. */
function fakeTimers() {
  let now = 0;
  const due: { at: number; fn: () => void; handle: number }[] = [];
  let next = 1;
  return {
    timers: {
      set: (fn: () => void, ms: number) => {
        due.push({ at: now + ms, fn, handle: next });
        return next++;
      },
      clear: (handle: unknown) => {
        const i = due.findIndex((d) => d.handle === handle);
        if (i >= 0) due.splice(i, 1);
      },
      now: () => now,
      random: () => 0,
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const first = due.filter((d) => d.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!first) break;
        now = first.at;
        due.splice(due.indexOf(first), 1);
        first.fn();
      }
      now = end;
    },
  };
}

/** Which of these queries (path and input) a list of filters makes stale. */
const stale = (filters: QueryFilter[], queries: [string, Record<string, unknown>?][]) =>
  queries
    .filter(([path, input]) => filters.some((f) => matchesQuery(f, path.split('.'), input)))
    .map(([path, input]) => `${path}${input ? JSON.stringify(input) : ''}`);

const trade = (itemType: InstrumentKind, id: number): LiveTrade => ({
  tradeId: 1,
  itemType,
  playerId: id,
  playerName: 'X',
  teamCode: 'BOS',
  buyer_id: 1,
  seller_id: 2,
  buyerUsername: 'a',
  sellerUsername: 'b',
  shares_transferred: 1,
  price_per_share: 2,
  total_value: 2,
  created_at: '2025-01-01T00:00:00.000Z',
  reason: null,
});

const SCREEN: [string, Record<string, unknown>?][] = [
  ['auth.me'],
  ['market.counts'],
  ['market.players'],
  ['market.offers', { limit: 50 }],
  ['market.relevantAsks', { userId: 9, limit: 50 }],
  ['market.detail', { playerId: 7 }],
  ['market.detail', { playerId: 8 }],
  ['market.itemAsks', { itemType: 'player', itemId: 7, limit: 50 }],
  ['teams.detail', { teamId: 7 }],
  ['portfolio.get', { userId: 9 }],
  ['portfolio.get', { userId: 3 }],
  ['trades.user', { userId: 9, limit: 50 }],
  ['stats.leaderboard'],
];

describe('matchesQuery', () => {
  it('matches a procedure path by prefix and an input by the keys the filter names', () => {
    expect(matchesQuery({ path: ['market'] }, ['market', 'detail'], { playerId: 3 })).toBe(true);
    expect(matchesQuery({ path: ['market', 'detail'] }, ['market'], undefined)).toBe(false);
    expect(matchesQuery({ path: ['market', 'detail'], input: { playerId: 3 } }, ['market', 'detail'], { playerId: 3, limit: 50 })).toBe(true);
    expect(matchesQuery({ path: ['market', 'detail'], input: { playerId: 3 } }, ['market', 'detail'], { playerId: 4 })).toBe(false);
    expect(matchesQuery({ path: ['market', 'detail'], input: { playerId: 3 } }, ['market', 'detail'], undefined)).toBe(false);
    expect(matchesQuery({ path: [] }, ['stats', 'leaderboard'], undefined)).toBe(true);
  });
});

describe('the live plan', () => {
  it('leaves the players list to the ticker’s changes when the market moves, and asks for it when the user’s own shares move', () => {
    expect(stale(eventPlan({ type: 'marketUpdated', itemType: 'player', itemId: 7 }, 9), SCREEN)).toEqual([
      'market.detail{"playerId":7}',
      'market.itemAsks{"itemType":"player","itemId":7,"limit":50}',
      'stats.leaderboard',
    ]);
    for (const event of [
      { type: 'portfolioUpdated' },
      {
        type: 'orderFilled',
        side: 'offer',
        orderId: 3,
        automatic: false,
        min_sell_price: null,
        itemType: 'player',
        itemId: 7,
        itemName: 'X',
        shares: 1,
        price_per_share: 1,
      },
    ] as const)
      expect(eventPlan(event, 9)).toContainEqual(PLAYERS_LIST);
  });

  it('refreshes a player’s own queries for a notice about it, and the market’s lists with it', () => {
    expect(stale(eventPlan({ type: 'offersUpdated', itemType: 'player', itemId: 7 }, 9), SCREEN)).toEqual([
      'market.counts',
      'market.offers{"limit":50}',
      'market.detail{"playerId":7}',
      'market.itemAsks{"itemType":"player","itemId":7,"limit":50}',
    ]);
    expect(stale(eventPlan({ type: 'asksUpdated', itemType: 'team', itemId: 7 }, 9), SCREEN)).toEqual([
      'market.counts',
      'market.relevantAsks{"userId":9,"limit":50}',
      'teams.detail{"teamId":7}',
    ]);
  });

  it('leaves the badges alone for asks on what the user does not hold, and sets the shares for sale an offers change brings', () => {
    const filters = (event: Parameters<typeof eventPlan>[0]) => stale(eventPlan(event, 9), SCREEN);
    expect(filters({ type: 'asksUpdated', itemType: 'team', itemId: 7, forYou: false })).toEqual(['teams.detail{"teamId":7}']);
    expect(filters({ type: 'asksUpdated', itemType: 'team', itemId: 7, forYou: true })).toEqual(filters({ type: 'asksUpdated', itemType: 'team', itemId: 7 }));
    expect(filters({ type: 'offersUpdated', itemType: 'player', itemId: 7, sharesForSale: 40 })).not.toContain('market.counts');
    expect(countsFrom({ type: 'offersUpdated', itemType: 'player', itemId: 7, sharesForSale: 40 })).toEqual({ sharesForSale: 40 });
    expect(countsFrom({ type: 'offersUpdated', itemType: 'player', itemId: 7 })).toBeNull();
    expect(countsFrom({ type: 'asksUpdated', itemType: 'player', itemId: 7, forYou: true })).toBeNull();
    expect(matchesQuery(COUNTS, ['market', 'counts'], undefined)).toBe(true);
  });

  it('refreshes the badges that others’ orders move with the values, at most every VALUES_MS', () => {
    for (const type of ['offersUpdated', 'asksUpdated'] as const) {
      const badges = eventPlan({ type, itemType: 'player', itemId: 7 }, 9).filter((f) => f.path[0] === 'inbox' || f.path[1] === 'counts');
      expect(badges.map((f) => [f.path.join('.'), f.every])).toEqual(
        type === 'offersUpdated'
          ? [['market.counts', VALUES_MS]]
          : [
              ['market.counts', VALUES_MS],
              ['inbox.unread', VALUES_MS],
            ],
      );
    }
    expect(eventPlan({ type: 'portfolioUpdated' }, 9).find((f) => f.path.join('.') === 'market.counts')?.every).toBeUndefined();
  });

  it('refreshes the user’s own portfolio, orders, badges and shares in the players list for their own notices', () => {
    expect(stale(eventPlan({ type: 'portfolioUpdated' }, 9), SCREEN)).toEqual([
      'auth.me',
      'market.counts',
      'market.players',
      'market.relevantAsks{"userId":9,"limit":50}',
      'portfolio.get{"userId":9}',
      'trades.user{"userId":9,"limit":50}',
    ]);
    expect(eventPlan({ type: 'outbid', itemType: 'player', itemId: 7, itemName: 'X', your_price: 1, best_price: 2 }, 9)).toEqual([]);
  });

  it('refreshes, when the league is renamed or its season ends, what shows the league: the user box, the standings', () => {
    expect(stale(eventPlan({ type: 'leagueUpdated' }, 9), [...SCREEN, ['seasons.list'], ['leagues.mine']])).toEqual([
      'auth.me',
      'stats.leaderboard',
      'seasons.list',
      'leagues.mine',
    ]);
    const notice = (kind: 'passed' | 'seasonEnded') =>
      eventPlan({ type: 'notice', notice: { kind, userId: 9, leagueId: 1, title: 't', body: '', url: '/seasons/1', at: '2026-01-01T00:00:00.000Z' } }, 9);
    expect(notice('passed')).toEqual([]);
    expect(stale(notice('seasonEnded'), [...SCREEN, ['seasons.finishes', { userId: 9 }]])).toEqual([
      'auth.me',
      'market.counts',
      'market.players',
      'market.relevantAsks{"userId":9,"limit":50}',
      'portfolio.get{"userId":9}',
      'trades.user{"userId":9,"limit":50}',
      'seasons.finishes{"userId":9}',
    ]);
  });

  it('refreshes, after the user’s own action, what it changed: books and lists always, holdings, cash and trades as the action moves them', () => {
    const screen: [string, Record<string, unknown>?][] = [...SCREEN, ['teams.list'], ['trades.recent', { limit: 10 }]];
    const everything = stale(actionPlan('buy'), screen);
    expect(everything).toEqual(
      stale([{ path: ['market'] }, { path: ['teams'] }, { path: ['portfolio'] }, { path: ['auth', 'me'] }, { path: ['trades'] }], screen),
    );
    expect(stale(actionPlan('dump'), screen)).toEqual(everything);
    expect(stale(actionPlan('cancelAsk'), screen)).toContain('auth.me');
    expect(stale(actionPlan('cancelAsk'), screen)).not.toContain('portfolio.get{"userId":9}');
    expect(stale(actionPlan('declineAsk'), screen)).toEqual(stale([{ path: ['market'] }, { path: ['teams'] }], screen));
    expect(stale(actionPlan('listOffer', { sold: 0 }), screen)).not.toContain('auth.me');
    expect(stale(actionPlan('listOffer', { sold: 5 }), screen)).toEqual(everything);
    expect(stale(actionPlan('refused'), screen)).not.toContain('auth.me');
  });

  it('refreshes, for a retirement that bought the user’s shares back, their own figures, the player’s page and the market’s lists', () => {
    const retired = eventPlan(
      {
        type: 'playerRetired',
        itemType: 'player',
        itemId: 7,
        itemName: 'X',
        shares: 280_000,
        price_per_share: 1,
        total_value: 280_000,
        retired_at: '2025-01-01T00:00:00.000Z',
      },
      9,
    );
    expect(stale(retired, SCREEN)).toEqual([
      'auth.me',
      'market.counts',
      'market.players',
      'market.relevantAsks{"userId":9,"limit":50}',
      'market.detail{"playerId":7}',
      'market.itemAsks{"itemType":"player","itemId":7,"limit":50}',
      'portfolio.get{"userId":9}',
      'trades.user{"userId":9,"limit":50}',
      'stats.leaderboard',
    ]);
  });

  it('refreshes what a trade moves: its instrument, the lists that follow prices every couple of seconds, the glance every six; not the players list, whose changes the ticker brings', () => {
    const filters = tickerPlan({ type: 'tradesCompleted', trades: [trade('player', 7)], skipped: 0 }, 9);
    // No mark moved: the user box and the portfolios of others than the two traders show the same values.
    expect(stale(filters, SCREEN)).toEqual(['market.detail{"playerId":7}', 'market.itemAsks{"itemType":"player","itemId":7,"limit":50}', 'stats.leaderboard']);
    for (const f of filters) {
      const path = f.path.join('.');
      const values = f.path[0] === 'auth' || f.path[0] === 'portfolio' || f.path[0] === 'home';
      const expected = values ? VALUES_MS : f.input ? INSTRUMENT_MS : path === 'market.glance' ? GLANCE_MS : MARKET_WIDE_MS;
      expect(f.every, f.path.join('.')).toBe(expected);
    }
    expect(filters.some((f) => f.path[0] === 'home')).toBe(true);
  });

  it('refreshes the values that follow marks (the user box, portfolios on screen) every few seconds when a mark moved, not otherwise', () => {
    const filters = tickerPlan({ type: 'tradesCompleted', trades: [trade('player', 7)], skipped: 0, marksMoved: true }, 9);
    expect(stale(filters, SCREEN)).toEqual([
      'auth.me',
      'market.detail{"playerId":7}',
      'market.itemAsks{"itemType":"player","itemId":7,"limit":50}',
      'portfolio.get{"userId":9}',
      'portfolio.get{"userId":3}',
      'stats.leaderboard',
    ]);
    for (const f of filters) if (f.path[0] === 'auth' || f.path[0] === 'portfolio') expect(f.every).toBe(VALUES_MS);
    // A message that brings only the players list's changes and moved marks (time passed) refreshes the values alone.
    expect(stale(tickerPlan({ type: 'tradesCompleted', trades: [], skipped: 0, marksMoved: true }, 9), SCREEN)).toEqual([
      'auth.me',
      'portfolio.get{"userId":9}',
      'portfolio.get{"userId":3}',
    ]);
  });

  it('refreshes a trader’s portfolio on screen when no mark moved (their shares and cash did), not the user’s own (their own events do)', () => {
    const between3and9 = { ...trade('team', 7), buyer_id: 3, seller_id: 9 };
    expect(stale(tickerPlan({ type: 'tradesCompleted', trades: [between3and9], skipped: 0 }, 9), SCREEN)).toEqual([
      'teams.detail{"teamId":7}',
      'portfolio.get{"userId":3}',
      'stats.leaderboard',
    ]);
    // Trades only counted may be anyone's: every portfolio on screen.
    expect(stale(tickerPlan({ type: 'tradesCompleted', trades: [], skipped: 4 }, 9), SCREEN)).toEqual([
      'market.counts',
      'market.players',
      'market.offers{"limit":50}',
      'market.relevantAsks{"userId":9,"limit":50}',
      'market.detail{"playerId":7}',
      'market.detail{"playerId":8}',
      'market.itemAsks{"itemType":"player","itemId":7,"limit":50}',
      'teams.detail{"teamId":7}',
      'portfolio.get{"userId":9}',
      'portfolio.get{"userId":3}',
    ]);
  });
});

describe('InvalidationBatcher', () => {
  it('hands on what was pushed within BATCH_MS once, each filter once', () => {
    const clock = fakeTimers();
    const flushed: QueryFilter[][] = [];
    const batcher = new InvalidationBatcher((filters) => flushed.push(filters), clock.timers);
    batcher.push([{ path: ['market'] }, { path: ['auth', 'me'] }]);
    clock.advance(BATCH_MS - 1);
    batcher.push([{ path: ['market'] }]);
    expect(flushed).toEqual([]);
    clock.advance(1);
    expect(flushed).toEqual([[{ path: ['market'] }, { path: ['auth', 'me'] }]]);
    batcher.push([]);
    clock.advance(BATCH_MS);
    expect(flushed).toHaveLength(1);
  });

  it('hands on a filter with `every` at most once per `every`, however often it comes', () => {
    const clock = fakeTimers();
    const sent: number[] = [];
    const batcher = new InvalidationBatcher((filters) => filters.forEach(() => sent.push(clock.timers.now())), clock.timers);
    const players: QueryFilter = { path: ['market', 'players'], every: 2_000 };
    for (let t = 0; t < 10_000; t += 100) {
      batcher.push([players]);
      clock.advance(100);
    }
    clock.advance(5_000);
    // The first at once (it was due on the client's beat, 0 here, and went with the batch); then on each beat of 2 s.
    expect(sent).toEqual([80, 2_000, 4_000, 6_000, 8_000, 10_000]);
    for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(2_000 - BATCH_MS);
  });

  it('spreads the refetches of many clients over the turn', () => {
    const sent: number[] = [];
    for (const r of [0, 500, 1_000, 59_900].map((phase) => phase / PHASE_SPAN_MS)) {
      const clock = fakeTimers();
      clock.timers.random = () => r;
      const batcher = new InvalidationBatcher(() => sent.push(clock.timers.now()), clock.timers);
      batcher.push([{ path: ['market', 'players'], every: 2_000 }]);
      clock.advance(5_000);
    }
    expect(sent).toEqual([BATCH_MS, 500, 1_000, 1_900]);
  });

  it('sends a client’s throttled filters that fall due in the same turn together, in one refetch', () => {
    const clock = fakeTimers();
    clock.timers.random = () => 200 / PHASE_SPAN_MS;
    const flushed: [number, string[]][] = [];
    const batcher = new InvalidationBatcher((filters) => flushed.push([clock.timers.now(), filters.map((f) => f.path.join('.')).sort()]), clock.timers);
    const players: QueryFilter = { path: ['market', 'players'], every: 2_000 };
    const counts: QueryFilter = { path: ['market', 'counts'], every: 2_000 };
    const me: QueryFilter = { path: ['auth', 'me'], every: 6_000 };
    batcher.push([players, counts, me]);
    clock.advance(300);
    // Each came again at a different moment of the next turns.
    batcher.push([players]);
    clock.advance(150);
    batcher.push([counts]);
    clock.advance(200);
    batcher.push([me]);
    // The players every 2 s from then on, and the user box once more: on one of the players' beats.
    for (let t = 650; t < 12_000; t += 1_000) {
      batcher.push([players]);
      if (t === 6_650) batcher.push([me]);
      clock.advance(1_000);
    }
    clock.advance(10_000);
    expect(flushed).toEqual([
      [200, ['auth.me', 'market.counts', 'market.players']],
      [2_200, ['market.counts', 'market.players']],
      [4_200, ['market.players']],
      [6_200, ['auth.me', 'market.players']],
      [8_200, ['market.players']],
      [10_200, ['market.players']],
      [12_200, ['auth.me', 'market.players']],
    ]);
  });

  it('does not count the user’s own refetch against a throttle: the next throttled one goes on its first beat', () => {
    const clock = fakeTimers();
    const sent: [number, boolean][] = [];
    const batcher = new InvalidationBatcher((filters) => filters.forEach((f) => sent.push([clock.timers.now(), f.every !== undefined])), clock.timers);
    const counts: QueryFilter = { path: ['market', 'counts'], every: 6_000 };
    batcher.push([counts]);
    clock.advance(1_000);
    batcher.push([{ path: ['market', 'counts'] }]);
    clock.advance(4_000);
    batcher.push([counts]);
    clock.advance(10_000);
    // 6 s after the last throttled one, on the beat; not 6 s after the user's own.
    expect(sent).toEqual([
      [BATCH_MS, true],
      [1_000 + BATCH_MS, false],
      [6_000, true],
    ]);
  });

  it('drops a waiting filter that went out at once meanwhile', () => {
    const clock = fakeTimers();
    const flushed: QueryFilter[][] = [];
    const batcher = new InvalidationBatcher((filters) => flushed.push(filters), clock.timers);
    const me: QueryFilter = { path: ['auth', 'me'], every: 2_000 };
    batcher.push([me]);
    clock.advance(500);
    batcher.push([me]);
    batcher.push([{ path: ['auth', 'me'] }]);
    clock.advance(5_000);
    expect(flushed).toEqual([[me], [{ path: ['auth', 'me'] }]]);
  });
});
