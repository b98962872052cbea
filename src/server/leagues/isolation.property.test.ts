import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { ledgerProblems } from '../../engine/test-support/invariants.js';
import { cents, type Cents } from '../../shared/money.js';
import type { LeagueView } from '../../shared/schemas/leagues.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';

type User = TestUser;

let server: TestServer;
let users: User[];
let players: number[];
/** The leagues under test: the default one and two of friends, with their members and starting cash. */
let leagues: { id: number; members: Set<number>; startingCash: Cents | undefined }[];

const db = (leagueId: number): Db => server.serverServices.forLeague(leagueId)!.db;
const rows = <T>(leagueId: number, sql: string, ...args: unknown[]) =>
  db(leagueId)
    .$client.prepare(sql)
    .all(...args) as T[];

type Step = {
  league: number;
  user: number;
  op: 'buy' | 'offer' | 'acceptOffer' | 'cancelOffer' | 'dump' | 'cancelElsewhere';
  player: number;
  shares: number;
  price: number;
  pick: number;
};

const step: fc.Arbitrary<Step> = fc.record({
  league: fc.integer({ min: 0, max: 2 }),
  user: fc.integer({ min: 0, max: 3 }),
  op: fc.constantFrom('buy', 'buy', 'offer', 'acceptOffer', 'cancelOffer', 'dump', 'cancelElsewhere'),
  player: fc.integer({ min: 0, max: 2 }),
  shares: fc.integer({ min: 1, max: 40 }),
  price: fc.integer({ min: 1, max: 6 }),
  pick: fc.nat(),
});

/** Everything of a league's market: a call about another league must leave it as it was. */
const digest = (leagueId: number) =>
  JSON.stringify([
    rows(leagueId, 'SELECT id, balance_cents FROM users ORDER BY id'),
    rows(leagueId, 'SELECT user_id, instrument, instrument_id, shares FROM holdings ORDER BY 1, 2, 3'),
    rows(leagueId, 'SELECT id, status, shares_remaining FROM orders ORDER BY id'),
    rows(leagueId, 'SELECT COUNT(*) AS n FROM trades'),
  ]);

const openOffers = (leagueId: number) =>
  rows<{ id: number; user_id: number }>(leagueId, "SELECT id, user_id FROM orders WHERE side = 'offer' AND status = 'open' ORDER BY id");

async function run(s: Step): Promise<void> {
  const league = leagues[s.league]!;
  const user = users[s.user]!;
  const player = players[s.player]!;
  const at = (path: string) => `/leagues/${league.id}${path}`;
  const others = leagues.filter((l) => l !== league).map((l) => digest(l.id));
  let status: number;
  if (s.op === 'cancelElsewhere') {
    // An open offer of another league, named in a call about this one.
    const other = leagues[(s.league + 1 + (s.pick % 2)) % 3]!;
    const offers = openOffers(other.id);
    if (offers.length === 0) return;
    const offer = offers[s.pick % offers.length]!;
    const owner = users.find((u) => u.id === offer.user_id)!;
    const before = digest(other.id);
    await api(server.url, 'DELETE', at(`/offers/${offer.id}`), { userId: owner.id }, owner.token);
    expect(digest(other.id)).toBe(before);
    return;
  } else if (s.op === 'buy') {
    status = (await api(server.url, 'POST', at('/trade/ask'), { userId: user.id, playerId: player, shares: s.shares, pricePerShare: s.price }, user.token))
      .status;
  } else if (s.op === 'offer') {
    status = (await api(server.url, 'POST', at('/offers'), { userId: user.id, playerId: player, shares: s.shares, pricePerShare: s.price + 1 }, user.token))
      .status;
  } else if (s.op === 'dump') {
    status = (await api(server.url, 'POST', at('/trade/dump'), { userId: user.id, playerId: player, shares: s.shares }, user.token)).status;
  } else {
    const offers = openOffers(league.id);
    const id = offers.length > 0 ? offers[s.pick % offers.length]!.id : 10_000 + s.pick;
    const body = s.op === 'acceptOffer' ? { buyerId: user.id, offerId: id, shares: s.shares } : { userId: user.id, offerId: id };
    status = (
      await api(server.url, s.op === 'acceptOffer' ? 'POST' : 'DELETE', at(s.op === 'acceptOffer' ? '/offers/accept' : `/offers/${id}`), body, user.token)
    ).status;
  }
  expect(status).toBeLessThan(500);
  // A non-member is refused, whatever they ask.
  if (!league.members.has(user.id)) expect(status).toBe(403);
  // Nothing of the other leagues moved.
  expect(leagues.filter((l) => l !== league).map((l) => digest(l.id))).toEqual(others);
}

function checkLeagues(): void {
  for (const league of leagues) {
    expect(ledgerProblems(db(league.id), league.startingCash)).toEqual([]);
    // Only the league's members hold, order or trade in it.
    const names = rows<{ id: number }>(
      league.id,
      `SELECT user_id AS id FROM holdings UNION SELECT user_id FROM orders
       UNION SELECT buyer_id FROM trades WHERE buyer_id IS NOT NULL UNION SELECT seller_id FROM trades WHERE seller_id IS NOT NULL`,
    );
    for (const { id } of names) expect(league.members.has(id)).toBe(true);
  }
}

async function checkReads(): Promise<void> {
  for (const league of leagues) {
    const member = users.find((u) => league.members.has(u.id))!;
    const board = await api<{ userId: number }[]>(server.url, 'GET', `/leagues/${league.id}/leaderboard`, undefined, member.token);
    for (const row of board.body) expect(league.members.has(row.userId)).toBe(true);
    const recent = await api<{ buyer_id: number | null; seller_id: number | null }[]>(
      server.url,
      'GET',
      `/leagues/${league.id}/trades/recent?limit=50`,
      undefined,
      member.token,
    );
    for (const t of recent.body) for (const id of [t.buyer_id, t.seller_id]) if (id !== null) expect(league.members.has(id)).toBe(true);
  }
}

beforeAll(async () => {
  server = await startTestServer({ orderRateLimit: { points: 1_000_000, durationSeconds: 60 } });
  users = [];
  for (const name of ['iso_a', 'iso_b', 'iso_c', 'iso_d']) users.push(await registerUser(server.url, name));
  const [a, b, c, d] = users as [User, User, User, User];
  const create = async (owner: User, name: string, startingCash: number) =>
    (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name, startingCash }, owner.token)).body.league;
  const one = await create(a, 'Isolation One', 500_000);
  const two = await create(b, 'Isolation Two', 300_000);
  for (const [user, league] of [
    [c, one],
    [b, one],
    [d, two],
  ] as const) {
    expect((await api(server.url, 'POST', '/leagues/join', { code: league.inviteCode }, user.token)).status).toBe(200);
  }
  leagues = [
    { id: 1, members: new Set(users.map((u) => u.id)), startingCash: undefined },
    { id: one.id, members: new Set([a.id, b.id, c.id]), startingCash: cents(500_000 * 100) },
    { id: two.id, members: new Set([b.id, d.id]), startingCash: cents(300_000 * 100) },
  ];
  // Holders trade with each other through offers (the open market sells these players at $1.00 throughout).
  const listed = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
  players = [...listed.body]
    .sort((x, y) => x.salary - y.salary)
    .slice(0, 3)
    .map((p) => p.id);
});
afterAll(() => server.stop());

describe('leagues are separate markets (docs/leagues.md §1)', () => {
  it('keep their own conservation, show only their members, and leave each other alone, whatever is called where', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) await run(s);
        checkLeagues();
        await checkReads();
      }),
      // Real HTTP calls into three leagues: a few seconds on a busy 2-core machine, within the default limit.
      { numRuns: 20 },
    );
  });
});
