import { describe, expect, it } from 'vitest';
import { addPlayer, addTeam, addTrade, addUser, emptyDb } from '../test-support/fixtures.js';
import { createTradeReadsRepo } from './trade-reads.js';

function setup() {
  const db = emptyDb();
  const bos = addTeam(db, { name: 'Boston Celtics', code: 'BOS' });
  const tatum = addPlayer(db, { teamId: bos, name: 'Jayson Tatum' });
  const brown = addPlayer(db, { teamId: bos, name: 'Jaylen Brown' });
  const alice = addUser(db, 'alice');
  const bob = addUser(db, 'bob');
  return { db, repo: createTradeReadsRepo(db), bos, tatum, brown, alice, bob };
}

describe('trade reads', () => {
  it('lists the latest trades of every instrument, newest first, with names; the open market has no user', () => {
    const { db, repo, bos, tatum, alice, bob } = setup();
    const t1 = addTrade(db, { instrumentId: tatum, buyerId: alice, sellerId: null, shares: 10, priceCents: 100, at: 1_000 });
    const t2 = addTrade(db, { instrument: 'team', instrumentId: bos, buyerId: bob, sellerId: alice, shares: 5, priceCents: 250, at: 3_000 });
    const t3 = addTrade(db, { instrumentId: tatum, buyerId: null, sellerId: alice, shares: 2, priceCents: 100, at: 2_000 });
    const t4 = addTrade(db, { instrumentId: tatum, buyerId: bob, sellerId: alice, shares: 1, priceCents: 300, at: 3_000 });
    expect(repo.recent(10).map((t) => t.id)).toEqual([t4, t2, t3, t1]);
    expect(repo.recent(2).map((t) => t.id)).toEqual([t4, t2]);
    const byId = new Map(repo.recent(10).map((t) => [t.id, t]));
    expect(byId.get(t2)).toMatchObject({
      instrument: 'team',
      itemName: 'Boston Celtics',
      teamName: 'Boston Celtics',
      buyerUsername: 'bob',
      sellerUsername: 'alice',
    });
    expect(byId.get(t1)).toMatchObject({ itemName: 'Jayson Tatum', teamName: 'Boston Celtics', buyerUsername: 'alice', sellerId: null, sellerUsername: null });
    expect(byId.get(t3)).toMatchObject({ buyerId: null, buyerUsername: null });
  });

  it('lists one instrument’s trades and one user’s trades', () => {
    const { db, repo, bos, tatum, brown, alice, bob } = setup();
    const a = addTrade(db, { instrumentId: tatum, buyerId: alice, sellerId: bob, shares: 1, priceCents: 300, at: 1 });
    const b = addTrade(db, { instrumentId: brown, buyerId: bob, sellerId: null, shares: 1, priceCents: 100, at: 2 });
    const c = addTrade(db, { instrument: 'team', instrumentId: bos, buyerId: bob, sellerId: alice, shares: 1, priceCents: 300, at: 3 });
    // The team and the player share id 1: their trades do not mix.
    expect(bos).toBe(tatum);
    expect(repo.ofInstrument('player', tatum, 50).map((t) => t.id)).toEqual([a]);
    expect(repo.ofInstrument('team', bos, 50).map((t) => t.id)).toEqual([c]);
    expect(repo.ofUser(alice, 500).map((t) => t.id)).toEqual([c, a]);
    expect(repo.ofUser(bob, 500).map((t) => t.id)).toEqual([c, b, a]);
    expect(repo.ofUser(bob, 1).map((t) => t.id)).toEqual([c]);
  });
});

describe('a user’s trades, a page at a time', () => {
  it('gives the same trades as the whole list, newest first, each once', () => {
    const db = emptyDb();
    const team = addTeam(db);
    const p = addPlayer(db, { teamId: team, name: 'P' });
    const [alice, bob] = [addUser(db, 'alice'), addUser(db, 'bob')];
    for (let i = 0; i < 23; i += 1) {
      const buyer = i % 3 === 0 ? alice : i % 3 === 1 ? bob : null;
      const seller = i % 3 === 0 ? bob : i % 3 === 1 ? alice : alice;
      addTrade(db, { instrumentId: p, buyerId: buyer, sellerId: seller, shares: 1, priceCents: 100 + i, at: 1_000 + Math.floor(i / 2) });
    }
    addTrade(db, { instrumentId: p, buyerId: alice, sellerId: alice, shares: 1, priceCents: 100, at: 2_000 });
    const repo = createTradeReadsRepo(db);
    const paged: number[] = [];
    for (let after: { at: number; id: number } | null = null; ;) {
      const page = repo.ofUserPage(alice, after, 4);
      paged.push(...page.map((t) => t.id));
      if (page.length < 4) break;
      after = { at: page[3]!.createdAt, id: page[3]!.id };
    }
    expect(paged).toEqual(repo.ofUser(alice, 500).map((t) => t.id));
    expect(new Set(paged).size).toBe(paged.length);
  });
});
