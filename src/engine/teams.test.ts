import { describe, expect, it } from 'vitest';
import { createRosterRepo } from '../db/repos/roster.js';
import type { InstrumentRef } from './commands.js';
import { TEAM_LOCK_MS } from './exchange.js';
import { testExchange } from './test-support/exchange.js';

function teams(t: ReturnType<typeof testExchange>) {
  const all = createRosterRepo(t.db).allTeams();
  const ref = (code: string): InstrumentRef => ({ kind: 'team', id: all.find((x) => x.code === code)!.id });
  return { bos: ref('BOS'), nyk: ref('NYK'), lal: ref('LAL'), gsw: ref('GSW'), payroll: (r: InstrumentRef) => createRosterRepo(t.db).teamPayroll(r.id) };
}

describe('team shares', () => {
  it('have the team payroll as total shares, sold first by the open market at $1.00', () => {
    const t = testExchange();
    const { bos, payroll } = teams(t);
    expect(t.remaining(bos)).toBe(payroll(bos));
    const alice = t.user('alice');
    expect(t.ok({ type: 'buy', userId: alice, instrument: bos, shares: 1_000, priceCents: 300 }).bought).toBe(1_000);
    expect(t.remaining(bos)).toBe(payroll(bos) - 1_000);
  });

  it('allow one Eastern and one Western team per user, refusing a second of the same conference', () => {
    const t = testExchange();
    const { bos, nyk, lal, gsw } = teams(t);
    const alice = t.user('alice');
    t.ok({ type: 'buy', userId: alice, instrument: bos, shares: 10, priceCents: 100 });
    t.ok({ type: 'buy', userId: alice, instrument: lal, shares: 10, priceCents: 100 });
    const cash = t.cash(alice);
    expect(t.submit({ type: 'buy', userId: alice, instrument: nyk, shares: 10, priceCents: 100 })).toMatchObject({
      ok: false,
      error: { code: 'conference_taken', message: 'You already hold or bid on Boston Celtics: you may have one Eastern team only' },
    });
    expect(t.submit({ type: 'buy', userId: alice, instrument: gsw, shares: 10, priceCents: 100 })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('one Western team') },
    });
    expect(t.cash(alice)).toBe(cash);
    expect(t.ok({ type: 'buy', userId: alice, instrument: bos, shares: 5, priceCents: 100 }).bought).toBe(5);
  });

  it('default to a $2.00 minimum sell price and lock every purchase for 7 days', () => {
    const t = testExchange();
    const { bos } = teams(t);
    const alice = t.user('alice');
    t.ok({ type: 'buy', userId: alice, instrument: bos, shares: 10, priceCents: 100 });
    expect(t.holding(alice, bos)).toMatchObject({ minSellPriceCents: 200, lockedUntil: t.clock.now + TEAM_LOCK_MS });
    expect(t.submit({ type: 'listOffer', userId: alice, instrument: bos, shares: 5, priceCents: 300 })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Locked until') },
    });
    expect(t.submit({ type: 'dump', userId: alice, instrument: bos, shares: 5 })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Locked until') },
    });
    t.clock.now += TEAM_LOCK_MS + 1;
    expect(t.ok({ type: 'dump', userId: alice, instrument: bos, shares: 5 }).sold).toBe(5);
  });

  it('keep locked shares out of automatic selling until the lock ends, then sell them to a waiting bid', () => {
    const t = testExchange();
    const { bos } = teams(t);
    const rest = t.remaining(bos);
    const alice = t.user('alice', rest * 100);
    const bob = t.user('bob');
    t.ok({ type: 'buy', userId: alice, instrument: bos, shares: rest, priceCents: 100 });
    const ask = t.ok({ type: 'buy', userId: bob, instrument: bos, shares: 50, priceCents: 250 }).ask!;
    expect(ask.shares).toBe(50);
    expect(t.exchange.releaseLocks()).toBe(0);
    t.clock.now += TEAM_LOCK_MS + 1;
    expect(t.exchange.releaseLocks()).toBe(1);
    expect(t.order(ask.id)!.status).toBe('filled');
    expect(t.shares(bob, bos)).toBe(50);
    expect(t.shares(alice, bos)).toBe(rest - 50);
  });
});
