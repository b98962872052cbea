import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOrderBook } from '../domain/orderbook/index.js';
import type { ExchangeCommand, InstrumentRef } from './commands.js';
import { bookKey } from './exchange.js';
import { OpenOrderTally } from './open-order-tally.js';
import { loadBooks } from './recovery.js';
import { testExchange, type TestExchange } from './test-support/exchange.js';

const USERS = 4;
const PLAYERS = 3;

type Step =
  | { op: 'buy' | 'listOffer'; user: number; player: number; shares: number; price: number }
  | { op: 'dump'; user: number; player: number; shares: number }
  | { op: 'setMinSellPrice'; user: number; player: number; price: number }
  | { op: 'acceptAsk' | 'acceptOffer'; user: number; pick: number; shares: number }
  | { op: 'cancelAsk' | 'cancelOffer' | 'declineAsk'; user: number; pick: number };

const user = fc.integer({ min: 0, max: USERS - 1 });
const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const shares = fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constantFrom(0, -3, 2.5, 10_000));
const price = fc.oneof(fc.integer({ min: 100, max: 500 }), fc.constantFrom(99, 0, 150.5));
const pick = fc.integer({ min: 0, max: 20 });

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('buy' as const), user, player, shares, price }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('listOffer' as const), user, player, shares, price }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('dump' as const), user, player, shares }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('setMinSellPrice' as const), user, player, price }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('acceptAsk' as const, 'acceptOffer' as const), user, pick, shares }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('cancelAsk' as const, 'cancelOffer' as const, 'declineAsk' as const), user, pick }) },
);

/** Picks an open order of a side (or a missing id), so that accepts and cancels mostly hit something. */
function orderId(t: TestExchange, side: 'ask' | 'offer', pickIndex: number): number {
  const open = t.openOrders().filter((o) => o.side === side);
  return open.length > 0 && pickIndex < 16 ? open[pickIndex % open.length]!.id : 100_000 + pickIndex;
}

function toCommand(t: TestExchange, s: Step, users: number[], players: InstrumentRef[]): ExchangeCommand {
  const userId = users[s.user]!;
  switch (s.op) {
    case 'buy':
    case 'listOffer':
      return { type: s.op, userId, instrument: players[s.player]!, shares: s.shares, priceCents: s.price };
    case 'dump':
      return { type: 'dump', userId, instrument: players[s.player]!, shares: s.shares };
    case 'setMinSellPrice':
      return { type: 'setMinSellPrice', userId, instrument: players[s.player]!, priceCents: s.price };
    case 'acceptAsk':
      return { type: 'acceptAsk', userId, askId: orderId(t, 'ask', s.pick), shares: s.shares };
    case 'acceptOffer':
      return { type: 'acceptOffer', userId, offerId: orderId(t, 'offer', s.pick), shares: s.shares };
    case 'cancelAsk':
      return { type: 'cancelAsk', userId, askId: orderId(t, 'ask', s.pick) };
    case 'cancelOffer':
      return { type: 'cancelOffer', userId, offerId: orderId(t, 'offer', s.pick) };
    case 'declineAsk':
      return { type: 'declineAsk', userId, askId: orderId(t, 'ask', s.pick) };
  }
}

/** Cash outside the game's users: what the open market took in minus what it paid out. */
function openMarketNet(t: TestExchange): number {
  let net = 0;
  for (const trade of t.trades()) {
    if (trade.sellerId === null) net += trade.shares * trade.priceCents;
    if (trade.buyerId === null) net -= trade.shares * trade.priceCents;
  }
  return net;
}

function checkInvariants(t: TestExchange, users: number[], players: InstrumentRef[], salaries: number[], startingCash: number): void {
  const open = t.openOrders();
  const holdings = t.allHoldings();
  const escrow = open.filter((o) => o.side === 'ask').reduce((s, o) => s + o.priceCents * o.sharesRemaining, 0);
  const cash = users.reduce((s, u) => s + t.cash(u), 0);
  expect(cash + escrow + openMarketNet(t)).toBe(startingCash);
  for (const u of users) expect(t.cash(u)).toBeGreaterThanOrEqual(0);
  players.forEach((p, i) => {
    const held = holdings.filter((h) => h.playerId === p.id).reduce((s, h) => s + h.shares, 0);
    expect(held + t.remaining(p)).toBe(salaries[i]);
    expect(t.remaining(p)).toBeGreaterThanOrEqual(0);
  });
  for (const h of holdings) {
    expect(h.shares).toBeGreaterThan(0);
    const listed = open.filter((o) => o.side === 'offer' && o.userId === h.userId && o.instrumentId === h.playerId).reduce((s, o) => s + o.sharesRemaining, 0);
    expect(listed).toBeLessThanOrEqual(h.shares);
  }
  const rebuilt = loadBooks(t.ledger, t.clock.now, createOrderBook, new Set(players.map((p) => bookKey(p.kind, p.id))));
  for (const p of players) {
    expect(t.exchange.book(p)!.snapshot()).toEqual(rebuilt.get(bookKey(p.kind, p.id))!.snapshot());
  }
  expect(t.exchange.openOrderTally().entries()).toEqual(OpenOrderTally.of(rebuilt).entries());
}

describe('the exchange under random command sequences', () => {
  it('conserves shares and cash, never goes negative, and keeps the books equal to the database', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 40 }), (steps) => {
        const t = testExchange();
        const salaries = [80, 150, 40];
        const players = t.players(...salaries);
        const users = Array.from({ length: USERS }, (_, i) => t.user(`u${i}`, 20_000 + i * 15_000));
        const startingCash = users.reduce((s, u) => s + t.cash(u), 0);
        let accepted = 0;
        for (const s of steps) {
          const result = t.submit(toCommand(t, s, users, players));
          if (result.ok) accepted += 1;
          t.clock.now += 1_000;
          checkInvariants(t, users, players, salaries, startingCash);
        }
        return accepted >= 0;
      }),
      // Up to 40 commands each, checked against the database after every command: a few seconds on a
      // busy 2-core machine, within the default limit.
      { numRuns: 30 },
    );
  });
});
