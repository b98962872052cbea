import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../../paths.js';
import { openDb } from '../client.js';
import { declinedAsks } from '../schema.js';
import { addOrder, addPlayer, addTeam, addUser, emptyDb, holdPlayer, holdTeam, setLastTradePrice } from '../test-support/fixtures.js';
import { createMarketReadsRepo } from './market-reads.js';

function setup() {
  const db = emptyDb();
  const gsw = addTeam(db, { name: 'Golden State Warriors', code: 'GSW', conference: 'West' });
  const bos = addTeam(db, { name: 'Boston Celtics', code: 'BOS' });
  const curry = addPlayer(db, { teamId: gsw, name: 'Stephen Curry', salary: 2_000 });
  const tatum = addPlayer(db, { teamId: bos, name: 'Jayson Tatum', salary: 3_000, restrictedUntil: 5_000 });
  const retired = addPlayer(db, { teamId: bos, name: 'Old Timer', salary: 9_000, retiredAt: 1 });
  const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => addUser(db, n)) as [number, number, number];
  return { db, repo: createMarketReadsRepo(db), gsw, bos, curry, tatum, retired, alice, bob, carol };
}

describe('players', () => {
  it('lists active players, highest salary first, with supply, holder count and the caller’s shares', () => {
    const { db, repo, curry, tatum, retired, alice, bob } = setup();
    holdPlayer(db, alice, curry, 300, 300);
    holdPlayer(db, bob, curry, 200, 200);
    setLastTradePrice(db, curry, 275);
    const rows = repo.players(alice);
    expect(rows.map((r) => r.id)).toEqual([tatum, curry]);
    expect(rows.find((r) => r.id === retired)).toBeUndefined();
    expect(rows[1]).toEqual({
      id: curry,
      name: 'Stephen Curry',
      teamName: 'Golden State Warriors',
      teamCode: 'GSW',
      salary: 2_000,
      sharesRemaining: 1_500,
      lastTradePriceCents: 275,
      restrictedUntil: null,
      shareholderCount: 2,
      owned: 300,
    });
    expect(rows[0]).toMatchObject({ shareholderCount: 0, owned: 0, restrictedUntil: 5_000 });
    expect(repo.players(null).map((r) => r.owned)).toEqual([0, 0]);
    expect(repo.players(bob)[1]?.owned).toBe(200);
  });

  it('answers from the last read until the database changes, through this connection or another', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoops-reads-'));
    const file = join(dir, 'reads.db');
    const db = openDb({ file, migrationsFolder: migrationsDir });
    const other = new Database(file);
    try {
      const team = addTeam(db);
      const p = addPlayer(db, { teamId: team, name: 'Cached', salary: 100 });
      const alice = addUser(db, 'alice');
      const repo = createMarketReadsRepo(db);
      expect(repo.players(alice)[0]).toMatchObject({ shareholderCount: 0, owned: 0, lastTradePriceCents: null });
      holdPlayer(db, alice, p, 10, 10);
      expect(repo.players(alice)[0]).toMatchObject({ shareholderCount: 1, owned: 10, sharesRemaining: 90 });
      other.prepare('UPDATE players SET last_trade_price_cents = 450 WHERE id = ?').run(p);
      expect(repo.players(null)[0]).toMatchObject({ lastTradePriceCents: 450, owned: 0 });
      other.prepare('UPDATE players SET retired_at = 1 WHERE id = ?').run(p);
      expect(repo.players(null)).toEqual([]);
    } finally {
      other.close();
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds one active player, not a retired or unknown one', () => {
    const { repo, curry, retired } = setup();
    expect(repo.player(curry, null)?.name).toBe('Stephen Curry');
    expect(repo.player(retired, null)).toBeUndefined();
    expect(repo.player(999, null)).toBeUndefined();
  });

  it('lists shareholders by shares, then lower user id', () => {
    const { db, repo, curry, alice, bob, carol } = setup();
    holdPlayer(db, carol, curry, 50, 50, 300);
    holdPlayer(db, bob, curry, 100, 100, 400);
    holdPlayer(db, alice, curry, 50, 50, 500);
    expect(repo.shareholders(curry).map((h) => [h.userId, h.shares, h.minSellPriceCents])).toEqual([
      [bob, 100, 400],
      [alice, 50, 500],
      [carol, 50, 300],
    ]);
  });
});

describe('asks and offers', () => {
  it('orders asks by highest price then oldest, offers by lowest price then oldest, open ones only', () => {
    const { db, repo, curry, alice, bob, carol } = setup();
    holdPlayer(db, carol, curry, 100, 100);
    const a1 = addOrder(db, { side: 'ask', instrumentId: curry, userId: alice, priceCents: 300, shares: 5 });
    const a2 = addOrder(db, { side: 'ask', instrumentId: curry, userId: bob, priceCents: 500, shares: 5 });
    const a3 = addOrder(db, { side: 'ask', instrumentId: curry, userId: bob, priceCents: 300, shares: 5, sharesRemaining: 2 });
    addOrder(db, { side: 'ask', instrumentId: curry, userId: bob, priceCents: 900, shares: 5, status: 'cancelled' });
    const o1 = addOrder(db, { side: 'offer', instrumentId: curry, userId: carol, priceCents: 700, shares: 10 });
    const o2 = addOrder(db, { side: 'offer', instrumentId: curry, userId: carol, priceCents: 600, shares: 10 });
    addOrder(db, { side: 'offer', instrumentId: curry, userId: carol, priceCents: 100, shares: 10, status: 'filled', sharesRemaining: 0 });
    expect(repo.openAsks('player', curry).map((o) => o.id)).toEqual([a2, a1, a3]);
    expect(repo.openAsks('player', curry)[2]).toMatchObject({
      sharesRemaining: 2,
      username: 'bob',
      itemName: 'Stephen Curry',
      teamName: 'Golden State Warriors',
    });
    expect(repo.openOffers('player', curry).map((o) => [o.id, o.holderShares])).toEqual([
      [o2, 100],
      [o1, 100],
    ]);
  });

  it('lists every open offer, players and teams, cheapest first', () => {
    const { db, repo, curry, bos, alice, bob } = setup();
    holdPlayer(db, alice, curry, 100, 100);
    holdTeam(db, bob, bos, 40, 80);
    const p = addOrder(db, { side: 'offer', instrumentId: curry, userId: alice, priceCents: 300, shares: 10 });
    const t = addOrder(db, { side: 'offer', instrument: 'team', instrumentId: bos, userId: bob, priceCents: 250, shares: 20 });
    const all = repo.allOpenOffers();
    expect(all.map((o) => o.id)).toEqual([t, p]);
    expect(all[0]).toMatchObject({ instrument: 'team', itemName: 'Boston Celtics', teamName: 'Boston Celtics', holderShares: 40, username: 'bob' });
  });

  it('shows a holder the asks on what it holds, players and teams, except its own and declined ones', () => {
    const { db, repo, curry, tatum, gsw, bos, alice, bob, carol } = setup();
    holdPlayer(db, alice, curry, 10, 10);
    holdTeam(db, alice, gsw, 10, 20);
    const onCurry = addOrder(db, { side: 'ask', instrumentId: curry, userId: bob, priceCents: 200, shares: 5 });
    const onGsw = addOrder(db, { side: 'ask', instrument: 'team', instrumentId: gsw, userId: carol, priceCents: 300, shares: 5 });
    const declined = addOrder(db, { side: 'ask', instrumentId: curry, userId: carol, priceCents: 250, shares: 5 });
    db.insert(declinedAsks).values({ orderId: declined, userId: alice, createdAt: 1 }).run();
    addOrder(db, { side: 'ask', instrumentId: curry, userId: alice, priceCents: 400, shares: 5 }); // own
    addOrder(db, { side: 'ask', instrumentId: tatum, userId: bob, priceCents: 400, shares: 5 }); // not held
    addOrder(db, { side: 'ask', instrument: 'team', instrumentId: bos, userId: bob, priceCents: 400, shares: 5 }); // not held
    addOrder(db, { side: 'ask', instrumentId: curry, userId: bob, priceCents: 400, shares: 5, status: 'cancelled' });
    addOrder(db, { side: 'offer', instrumentId: curry, userId: bob, priceCents: 400, shares: 5 }); // an offer, not an ask
    const asks = repo.relevantAsks(alice);
    expect(asks.map((a) => [a.id, a.instrument])).toEqual([
      [onGsw, 'team'],
      [onCurry, 'player'],
    ]);
    // Bob declined nothing and holds nothing.
    expect(repo.relevantAsks(bob)).toEqual([]);
    expect(repo.relevantAsks(carol)).toEqual([]);
  });

  it('lists a user’s open orders, newest first', () => {
    const { db, repo, curry, tatum, alice } = setup();
    holdPlayer(db, alice, curry, 10, 10);
    const a = addOrder(db, { side: 'ask', instrumentId: tatum, userId: alice, priceCents: 200, shares: 5 });
    const o = addOrder(db, { side: 'offer', instrumentId: curry, userId: alice, priceCents: 300, shares: 5 });
    addOrder(db, { side: 'offer', instrumentId: curry, userId: alice, priceCents: 300, shares: 5, status: 'cancelled' });
    expect(repo.openOrdersOf(alice).map((r) => [r.id, r.side])).toEqual([
      [o, 'offer'],
      [a, 'ask'],
    ]);
  });
});
