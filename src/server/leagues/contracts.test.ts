/**
 * The admin's contract changes across leagues, as the admin page meets them: a second draft within
 * the rookie week is refused with its dates (on every league, and after a restart), a salary
 * change's or a retirement's confirmation counts the holdings of every league, open or closed, and
 * a confirmation's submission key gives its first answer again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTRPCClient, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TEXT } from '../../domain/idempotency.js';
import { ROOKIE_EXCLUSIVE_MS } from '../../domain/market/draft.js';
import { ledgerProblems } from '../../engine/test-support/invariants.js';
import type { ContractPreviewOut, DraftStatusOut } from '../../shared/schemas/admin.js';
import type { LeagueView } from '../../shared/schemas/leagues.js';
import { cents } from '../../shared/money.js';
import type { AppRouter } from '../routers/index.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';

const DAY = 24 * 60 * 60 * 1000;
const clock = { now: Date.UTC(2026, 0, 3, 14, 5) };
const minuteUtc = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 16)} UTC`;

let dataDir: string;
let server: TestServer;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let leagueTwo: LeagueView;
let leagueThree: LeagueView;

const start = () => startTestServer({ dataDir, now: () => clock.now });
const inLeague = (id: number, path: string) => `/leagues/${id}${path}`;
const rookies = (s: TestServer, leagueId: number) =>
  (s.serverServices.forLeague(leagueId)!.db.$client.prepare('SELECT COUNT(*) AS n FROM players WHERE restricted_until IS NOT NULL').get() as { n: number }).n;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hoops-contracts-'));
  server = await start();
  [admin, alice, bob] = [await registerUser(server.url, 'ct_admin'), await registerUser(server.url, 'ct_alice'), await registerUser(server.url, 'ct_bob')];
  server.services.users.setAdmin(admin.id, true);
  const made = async (name: string) =>
    (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name, startingCash: 1_000_000 }, alice.token)).body.league;
  leagueTwo = await made('Contract Two');
  leagueThree = await made('Contract Three');
  const joined = await api(server.url, 'POST', '/leagues/join', { code: leagueTwo.inviteCode }, bob.token);
  expect(joined.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a salary change’s confirmation (GET /admin/players/{id}/preview)', () => {
  it('counts the holdings it rescales, and the leagues they are in, open or closed, and the orders it cancels', async () => {
    const players = (await api<{ id: number; name: string; salary: number; team_name: string }[]>(server.url, 'GET', '/players')).body;
    const player = [...players].sort((a, b) => a.salary - b.salary)[40]!;
    const teamId = server.serverServices.forLeague(1)!.db.$client.prepare('SELECT team_id AS id FROM players WHERE id = ?').get(player.id) as { id: number };
    const buy = (leagueId: number, user: TestUser, shares: number) =>
      api(server.url, 'POST', inLeague(leagueId, '/trade/ask'), { userId: user.id, playerId: player.id, shares, pricePerShare: 1 }, user.token);
    // League 1: Alice and Bob hold him; Bob lists 10 of his (one open offer). League 2: Alice holds him and his team, Bob holds him. League 3: nobody.
    for (const [leagueId, user, shares] of [
      [1, alice, 1_000],
      [1, bob, 500],
      [leagueTwo.id, alice, 300],
      [leagueTwo.id, bob, 200],
    ] as const) {
      expect((await buy(leagueId, user, shares)).status).toBe(200);
    }
    const offer = await api(server.url, 'POST', '/offers', { userId: bob.id, playerId: player.id, shares: 10, pricePerShare: 5 }, bob.token);
    expect(offer.status).toBe(200);
    const team = await api(
      server.url,
      'POST',
      inLeague(leagueTwo.id, '/teams/bid'),
      { userId: alice.id, teamId: teamId.id, shares: 50, pricePerShare: 1 },
      alice.token,
    );
    expect(team.status).toBe(200);

    const newSalary = player.salary * 2;
    const preview = () => api<ContractPreviewOut>(server.url, 'GET', `/admin/players/${player.id}/preview?newSalary=${newSalary}`, undefined, admin.token);
    const expected: ContractPreviewOut = {
      playerId: player.id,
      name: player.name,
      teamName: player.team_name,
      salary: player.salary,
      newSalary,
      ratio: 2,
      leagues: 3,
      leaguesWithHoldings: 2,
      holdings: 4,
      sharesHeld: 2_000,
      teamHoldings: 1,
      openOrders: 1,
      payout: 2_000,
    };
    expect(await preview()).toMatchObject({ status: 200, body: expected });

    // League 2 closed: its file is read (once) and says the same.
    await server.serverServices.hub.close(leagueTwo.id);
    await server.serverServices.hub.close(leagueThree.id);
    expect(server.serverServices.hub.opened().map((l) => l.leagueId)).toEqual([1]);
    expect(await preview()).toMatchObject({ status: 200, body: expected });
    expect(await preview()).toMatchObject({ status: 200, body: expected });
    expect(server.serverServices.hub.opened().map((l) => l.leagueId)).toEqual([1]);

    // League 2 opens, Bob buys 100 more there, and it closes again: its file changed, and is read again.
    expect((await buy(leagueTwo.id, bob, 100)).status).toBe(200);
    await server.serverServices.hub.close(leagueTwo.id);
    const more = { ...expected, sharesHeld: 2_100, payout: 2_100 };
    expect(await preview()).toMatchObject({ status: 200, body: more });

    // A retirement's confirmation: the same holders, paid $1.00 a share.
    const retire = await api<ContractPreviewOut>(server.url, 'GET', `/admin/players/${player.id}/preview`, undefined, admin.token);
    expect(retire).toMatchObject({ status: 200, body: { ...more, newSalary: null, ratio: null } });

    // Only an admin asks, about a player who plays, with a salary that could be set.
    expect((await api(server.url, 'GET', `/admin/players/${player.id}/preview`, undefined, alice.token)).status).toBe(403);
    expect(await api(server.url, 'GET', `/admin/players/${player.id}/preview?newSalary=1.5`, undefined, admin.token)).toMatchObject({
      status: 400,
      body: { error: 'The new salary must be a whole number of dollars' },
    });
    expect(await api(server.url, 'GET', '/admin/players/999999/preview', undefined, admin.token)).toMatchObject({
      status: 404,
      body: { error: 'Player not found' },
    });

    // The change itself then does what the confirmation said, in every league.
    expect((await api(server.url, 'PATCH', `/players/${player.id}`, { newSalary }, admin.token)).status).toBe(200);
    const held = (leagueId: number) =>
      server.serverServices
        .forLeague(leagueId)!
        .db.$client.prepare("SELECT user_id AS userId, shares FROM holdings WHERE instrument = 'player' AND instrument_id = ? ORDER BY user_id")
        .all(player.id);
    expect(held(1)).toEqual([
      { userId: alice.id, shares: 2_000 },
      { userId: bob.id, shares: 1_000 },
    ]);
    expect(held(leagueTwo.id)).toEqual([
      { userId: alice.id, shares: 600 },
      { userId: bob.id, shares: 600 },
    ]);
    expect(ledgerProblems(server.serverServices.forLeague(leagueTwo.id)!.db, cents(100_000_000))).toEqual([]);
  });
});

describe('the draft', () => {
  it('is refused while the last draft’s rookie week runs, with the dates, on every league and after a restart; the admin page reads when it ran', async () => {
    const heldAt = clock.now;
    const status = (s: TestServer) => api<DraftStatusOut>(s.url, 'GET', '/admin/draft', undefined, admin.token);
    expect(await status(server)).toMatchObject({ status: 200, body: { lastDraftAt: null, nextDraftFrom: null, canRun: true } });
    expect((await api(server.url, 'POST', '/admin/draft', {}, admin.token)).status).toBe(200);

    const refused = {
      status: 409,
      body: { error: `The last draft ran on ${minuteUtc(heldAt)}; the next can run from ${minuteUtc(heldAt + ROOKIE_EXCLUSIVE_MS)}` },
    };
    clock.now = heldAt + 3_400;
    expect(await api(server.url, 'POST', '/admin/draft', {}, admin.token)).toMatchObject(refused);
    // Named on another league's path, it is the same one draft of the NBA.
    expect(await api(server.url, 'POST', inLeague(leagueTwo.id, '/admin/draft'), {}, admin.token)).toMatchObject(refused);
    const drafted = {
      status: 200,
      body: { lastDraftAt: new Date(heldAt).toISOString(), nextDraftFrom: new Date(heldAt + ROOKIE_EXCLUSIVE_MS).toISOString(), canRun: false },
    };
    expect(await status(server)).toMatchObject(drafted);
    for (const id of [1, leagueTwo.id, leagueThree.id]) expect(rookies(server, id)).toBe(60);
    const logged = () => server.serverServices.admin.latestAudit(50).filter((e) => e.action === 'draft');
    expect(logged()).toHaveLength(1);

    await server.stop();
    clock.now = heldAt + 6 * DAY;
    server = await start();
    expect(await api(server.url, 'POST', '/admin/draft', {}, admin.token)).toMatchObject(refused);
    expect(await status(server)).toMatchObject(drafted);
    for (const id of [1, leagueTwo.id, leagueThree.id]) expect(rookies(server, id)).toBe(60);
    expect(logged()).toHaveLength(1);

    // Once the week is over, the next draft runs in every league.
    clock.now = heldAt + ROOKIE_EXCLUSIVE_MS;
    expect(await status(server)).toMatchObject({ body: { canRun: true } });
    expect((await api(server.url, 'POST', '/admin/draft', {}, admin.token)).status).toBe(200);
    for (const id of [1, leagueTwo.id, leagueThree.id]) expect(rookies(server, id)).toBe(120);
  });
});

describe('a confirmation’s submission key (tRPC, as the admin page sends it)', () => {
  it('gives a retirement’s, a salary change’s and a draft’s first answer again, refuses the key with another request (422), and keeps a draft’s refusal as its answer', async () => {
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${admin.token}` } })] });
    const league = server.serverServices.forLeague(1)!.db.$client;
    const players = (await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players')).body;
    const [retiring, other] = [...players].sort((a, b) => a.salary - b.salary).slice(100, 102) as [(typeof players)[number], (typeof players)[number]];
    const bought = await api(
      server.url,
      'POST',
      inLeague(1, '/trade/ask'),
      { userId: alice.id, playerId: retiring.id, shares: 250, pricePerShare: 1 },
      alice.token,
    );
    expect(bought.status).toBe(200);
    const buyBacks = () =>
      league.prepare("SELECT seller_id AS sellerId, shares FROM trades WHERE reason = 'retirement' AND instrument_id = ?").all(retiring.id);
    const audited = (action: string, playerId: number) =>
      server.serverServices.admin.latestAudit(100).filter((e) => e.action === action && (e.details as { playerId?: number }).playerId === playerId);

    const retireKey = 'confirm-retire-1';
    const retired = await trpc.admin.retirePlayer.mutate({ playerId: retiring.id, idempotencyKey: retireKey });
    expect(retired).toMatchObject({ message: 'Player retired', playerId: retiring.id, holdersPaid: 1, paidOut: 250 });
    expect(await trpc.admin.retirePlayer.mutate({ playerId: retiring.id, idempotencyKey: retireKey })).toEqual(retired);
    expect(buyBacks()).toEqual([{ sellerId: alice.id, shares: 250 }]);
    expect(audited('player.retire', retiring.id)).toHaveLength(1);
    await expect(trpc.admin.retirePlayer.mutate({ playerId: other.id, idempotencyKey: retireKey })).rejects.toMatchObject({
      message: IDEMPOTENCY_TEXT.reused,
      data: { httpStatus: 422 },
    });
    expect(league.prepare('SELECT retired_at AS retiredAt FROM players WHERE id = ?').get(other.id)).toEqual({ retiredAt: null });

    const salaryKey = 'confirm-salary-1';
    const changed = await trpc.admin.updateSalary.mutate({ id: other.id, newSalary: other.salary * 2, idempotencyKey: salaryKey });
    expect(changed).toMatchObject({ message: 'Salary updated', oldSalary: other.salary, newSalary: other.salary * 2 });
    expect(await trpc.admin.updateSalary.mutate({ id: other.id, newSalary: other.salary * 2, idempotencyKey: salaryKey })).toEqual(changed);
    await expect(trpc.admin.updateSalary.mutate({ id: other.id, newSalary: other.salary * 3, idempotencyKey: salaryKey })).rejects.toMatchObject({
      message: IDEMPOTENCY_TEXT.reused,
      data: { httpStatus: 422 },
    });
    expect(league.prepare('SELECT salary FROM players WHERE id = ?').get(other.id)).toEqual({ salary: other.salary * 2 });
    expect(audited('player.salary', other.id)).toHaveLength(1);

    // A week after any earlier draft: the draft runs once for its key, and the next is refused; that refusal is its key's first answer too (not "still running").
    clock.now += ROOKIE_EXCLUSIVE_MS;
    const rookiesBefore = rookies(server, 1);
    const drafted = await trpc.admin.draft.mutate({ idempotencyKey: 'confirm-draft-1' });
    expect(drafted.picks).toHaveLength(60);
    expect(await trpc.admin.draft.mutate({ idempotencyKey: 'confirm-draft-1' })).toEqual(drafted);
    const tooSoon = { data: { httpStatus: 409 }, message: expect.stringMatching(/^The last draft ran on .+; the next can run from .+ UTC$/) as unknown };
    await expect(trpc.admin.draft.mutate({ idempotencyKey: 'confirm-draft-2' })).rejects.toMatchObject(tooSoon);
    await expect(trpc.admin.draft.mutate({ idempotencyKey: 'confirm-draft-2' })).rejects.toMatchObject(tooSoon);
    const kept = league.prepare<[number, string], { command: string; answer: string }>(
      'SELECT command, answer FROM idempotency_keys WHERE user_id = ? AND key = ?',
    );
    expect(JSON.parse(kept.get(admin.id, 'confirm-draft-2')!.answer)).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(rookies(server, 1)).toBe(rookiesBefore + 60);
  });
});
