import type * as nodeFs from 'node:fs';
import { createTRPCClient, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_TEXT } from '../../domain/idempotency.js';
import type { AppRouter } from '../routers/index.js';
import { restRoutes } from '../rest/routes.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';

/**
 * The log's fsync runs for real, but while `held` is on, its callback (what lets the exchange answer)
 * waits: a command committed and not yet answered, as long as the test needs (its key in flight).
 */
const disk = vi.hoisted(() => ({ hold: false, held: [] as (() => void)[] }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof nodeFs>();
  const fsync = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) =>
    fs.fsync(fd, (error) => {
      if (disk.hold) disk.held.push(() => done(error));
      else done(error);
    });
  return { ...fs, default: { ...fs, fsync }, fsync };
});

let server: TestServer;
let playerId: number;
let clock = 0;

beforeAll(async () => {
  server = await startTestServer({ orderRateLimit: { points: 10_000, durationSeconds: 60 }, now: () => Date.now() + clock });
  const players = await api<{ id: number; salary: number; name: string }[]>(server.url, 'GET', '/players');
  playerId = [...players.body].sort((a, b) => b.salary - a.salary)[0]!.id;
});
afterAll(() => server.stop());

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  replayed: string | null;
}

/** A REST call with an `Idempotency-Key` header. */
async function keyed<T = Record<string, unknown>>(method: string, path: string, body: unknown, token: string, key: string): Promise<Answer<T>> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T, replayed: res.headers.get('idempotent-replayed') };
}

/** The buyer's cash, holdings, orders and trades in the league's file: anything a command changes shows here. */
function footprint(userId: number): string {
  const q = (sql: string) => JSON.stringify(server.db.$client.prepare(sql).all({ id: userId }));
  return [
    q('SELECT balance_cents FROM users WHERE id = @id'),
    q('SELECT instrument, instrument_id, shares, min_sell_price_cents FROM holdings WHERE user_id = @id ORDER BY instrument, instrument_id'),
    q('SELECT id, side, status, shares_remaining FROM orders WHERE user_id = @id ORDER BY id'),
    q('SELECT id FROM trades WHERE buyer_id = @id OR seller_id = @id ORDER BY id'),
  ].join('\n');
}

const buy = (u: TestUser, shares: number) => ({ userId: u.id, playerId, shares, pricePerShare: 1 });
let n = 0;
const newKey = () => `test-key-${process.pid}-${++n}`;

describe('Idempotency-Key over REST', () => {
  it('answers a replay with the first answer and Idempotent-Replayed: true, and does nothing a second time', async () => {
    const u = await registerUser(server.url);
    const key = newKey();
    const first = await keyed('POST', '/trade/ask', buy(u, 1_000_000), u.token, key);
    expect(first).toMatchObject({ status: 200, replayed: null, body: { sharesPurchased: 1_000_000 } });
    expect(first.body.message).toMatch(/^Purchased 1,000,000 shares of .+ for \$1,000,000\.00$/);
    const after = footprint(u.id);

    const again = await keyed('POST', '/trade/ask', buy(u, 1_000_000), u.token, key);
    expect(again).toEqual({ status: 200, body: first.body, replayed: 'true' });
    expect(footprint(u.id)).toBe(after);
    // The same body with its fields in another order is the same request.
    const reordered = await keyed('POST', '/trade/ask', { pricePerShare: 1, shares: 1_000_000, playerId, userId: u.id }, u.token, key);
    expect(reordered).toEqual({ status: 200, body: first.body, replayed: 'true' });
    // Without a key, the same body is a new order.
    expect((await api(server.url, 'POST', '/trade/ask', buy(u, 1_000_000), u.token)).status).toBe(200);
    expect(footprint(u.id)).not.toBe(after);
  });

  it('refuses the same key with a different body (422), changing nothing', async () => {
    const u = await registerUser(server.url);
    const key = newKey();
    expect((await keyed('POST', '/trade/ask', buy(u, 10), u.token, key)).status).toBe(200);
    const before = footprint(u.id);
    const other = await keyed('POST', '/trade/ask', buy(u, 11), u.token, key);
    expect(other).toEqual({ status: 422, body: { error: IDEMPOTENCY_TEXT.reused }, replayed: null });
    // Another command with the same key is another request too.
    const dump = await keyed('POST', '/trade/dump', { userId: u.id, playerId, shares: 10 }, u.token, key);
    expect(dump.status).toBe(422);
    expect(footprint(u.id)).toBe(before);
  });

  it('answers 409 while the first call with the key is still running, then the first answer', async () => {
    const u = await registerUser(server.url);
    const key = newKey();
    await server.services.exchange.idle();
    disk.hold = true;
    onTestFinished(release);
    const first = keyed('POST', '/trade/ask', buy(u, 25), u.token, key);
    // Committed (the trade is in the file), not yet answered.
    await expect.poll(() => disk.held.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const during = await keyed('POST', '/trade/ask', buy(u, 25), u.token, key);
    expect(during).toEqual({ status: 409, body: { error: IDEMPOTENCY_TEXT.inFlight }, replayed: null });
    release();
    const answered = await first;
    expect(answered).toMatchObject({ status: 200, body: { sharesPurchased: 25 } });
    expect(await keyed('POST', '/trade/ask', buy(u, 25), u.token, key)).toEqual({ ...answered, replayed: 'true' });
    expect(server.db.$client.prepare('SELECT SUM(shares) AS n FROM trades WHERE buyer_id = ?').get(u.id)).toEqual({ n: 25 });
  });

  it('keeps a refusal of the game as the first answer, but not a validation error', async () => {
    const seller = await registerUser(server.url);
    await api(server.url, 'POST', '/trade/ask', buy(seller, 5), seller.token);
    const offer = await api<{ offer: { offerId: number } }>(
      server.url,
      'POST',
      '/offers',
      { userId: seller.id, playerId, shares: 5, pricePerShare: 3 },
      seller.token,
    );
    const key = newKey();
    const own = { buyerId: seller.id, offerId: offer.body.offer.offerId };
    const refused = await keyed('POST', '/offers/accept', own, seller.token, key);
    expect(refused).toEqual({ status: 400, body: { error: 'You cannot buy your own offer.' }, replayed: null });
    expect(await keyed('POST', '/offers/accept', own, seller.token, key)).toEqual({ ...refused, replayed: 'true' });

    // Bad input ran nothing: its key is free for the corrected request.
    const fix = newKey();
    expect((await keyed('POST', '/trade/ask', { ...buy(seller, 5), pricePerShare: 0.5 }, seller.token, fix)).status).toBe(400);
    expect(await keyed('POST', '/trade/ask', buy(seller, 5), seller.token, fix)).toMatchObject({ status: 200, replayed: null });
  });

  it('keeps each user’s keys apart', async () => {
    const a = await registerUser(server.url);
    const b = await registerUser(server.url);
    const key = newKey();
    expect(await keyed('POST', '/trade/ask', buy(a, 3), a.token, key)).toMatchObject({ status: 200, replayed: null });
    expect(await keyed('POST', '/trade/ask', buy(b, 3), b.token, key)).toMatchObject({ status: 200, replayed: null });
    expect(footprint(b.id)).toContain('"shares":3');
  });

  it('forgets a key after 24 hours', async () => {
    const u = await registerUser(server.url);
    const key = newKey();
    await keyed('POST', '/trade/ask', buy(u, 4), u.token, key);
    clock += IDEMPOTENCY_KEY_TTL_MS - 60_000;
    expect((await keyed('POST', '/trade/ask', buy(u, 4), u.token, key)).replayed).toBe('true');
    clock += 120_000;
    expect(await keyed('POST', '/trade/ask', buy(u, 4), u.token, key)).toMatchObject({ status: 200, replayed: null });
    expect(server.db.$client.prepare('SELECT SUM(shares) AS n FROM trades WHERE buyer_id = ?').get(u.id)).toEqual({ n: 8 });
    // Old keys are pruned as new ones are written.
    await keyed('POST', '/trade/ask', buy(u, 1), u.token, newKey());
    const oldest = server.db.$client.prepare<[], { at: number }>('SELECT MIN(created_at) AS at FROM idempotency_keys').get()!.at;
    expect(oldest).toBeGreaterThanOrEqual(Date.now() + clock - IDEMPOTENCY_KEY_TTL_MS);
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    const u = await registerUser(server.url);
    const res = await keyed('POST', '/trade/ask', buy(u, 1), u.token, 'k'.repeat(256));
    expect(res).toMatchObject({ status: 400, body: { error: 'The idempotency key must be at most 255 characters' } });
    expect(footprint(u.id)).not.toContain('"shares":1');
  });

  it('replays league and account commands from the accounts database', async () => {
    const u = await registerUser(server.url);
    const key = newKey();
    const created = await keyed<{ league: { id: number } }>('POST', '/leagues', { name: 'Replayed League' }, u.token, key);
    expect(created.status).toBe(200);
    expect(await keyed('POST', '/leagues', { name: 'Replayed League' }, u.token, key)).toEqual({ ...created, replayed: 'true' });
    const leagues = server.accounts.$client.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM leagues WHERE commissioner_id = ?').get(u.id);
    expect(leagues).toEqual({ n: 1 });
    expect(server.accounts.$client.prepare('SELECT command FROM idempotency_keys WHERE user_id = ? AND key = ?').get(u.id, key)).toEqual({
      command: 'leagues.create',
    });

    const renameKey = newKey();
    const renamed = await keyed('PUT', `/users/${u.id}/username`, { username: `${u.username}_2` }, u.token, renameKey);
    expect(renamed).toMatchObject({ status: 200, body: { message: 'Username updated' } });
    expect(await keyed('PUT', `/users/${u.id}/username`, { username: `${u.username}_2` }, u.token, renameKey)).toEqual({ ...renamed, replayed: 'true' });
  });
});

describe('the admin’s changes and a season’s end', () => {
  it('run the draft and a salary change once per key, kept in the default league’s file', async () => {
    const admin = await registerUser(server.url);
    server.services.users.setAdmin(admin.id, true);
    const players = () => server.db.$client.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM players').get()!.n;
    const before = players();
    const key = newKey();
    const draft = await keyed<{ picks: unknown[] }>('POST', '/admin/draft', {}, admin.token, key);
    expect(draft.status).toBe(200);
    expect(draft.body.picks).toHaveLength(60);
    expect(await keyed('POST', '/admin/draft', {}, admin.token, key)).toEqual({ ...draft, replayed: 'true' });
    expect(players()).toBe(before + 60);
    expect(server.db.$client.prepare('SELECT command FROM idempotency_keys WHERE user_id = ? AND key = ?').get(admin.id, key)).toEqual({
      command: 'admin.draft',
    });

    const salaryKey = newKey();
    const salary = await keyed('PATCH', `/players/${playerId}`, { newSalary: 90_000_000 }, admin.token, salaryKey);
    expect(salary).toMatchObject({ status: 200, body: { message: 'Salary updated', newSalary: 90_000_000 } });
    expect(await keyed('PATCH', `/players/${playerId}`, { newSalary: 90_000_000 }, admin.token, salaryKey)).toEqual({ ...salary, replayed: 'true' });
    expect(server.services.admin.latestAudit(5).filter((e) => e.action === 'player.salary')).toHaveLength(1);
  });

  it('end a season once per key: the replay answers the first end, not a refusal', async () => {
    const commissioner = await registerUser(server.url);
    const created = await api<{ league: { id: number; name: string } }>(server.url, 'POST', '/leagues', { name: 'Season Once' }, commissioner.token);
    const { id, name } = created.body.league;
    const key = newKey();
    const ended = await keyed<{ season: { number: number } }>('POST', `/leagues/${id}/seasons/end`, { confirm: name, season: 1 }, commissioner.token, key);
    expect(ended).toMatchObject({ status: 200, body: { season: { number: 1 } }, replayed: null });
    expect(await keyed('POST', `/leagues/${id}/seasons/end`, { confirm: name, season: 1 }, commissioner.token, key)).toEqual({ ...ended, replayed: 'true' });
    const seasons = await api<{ seasons: { number: number }[] }>(server.url, 'GET', `/leagues/${id}/seasons`, undefined, commissioner.token);
    expect(seasons.body.seasons.map((s) => s.number)).toEqual([1, 2]);
  });
});

describe('idempotencyKey over tRPC', () => {
  it('gives the first answer again and does nothing a second time', async () => {
    const u = await registerUser(server.url);
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${u.token}` } })] });
    const input = { instrument: { kind: 'player' as const, id: playerId }, shares: 12, priceCents: 100, idempotencyKey: newKey() };
    const first = await trpc.trade.buy.mutate(input);
    expect(first).toMatchObject({ bought: 12, message: expect.stringMatching(/^Purchased 12 shares of .+ for \$12\.00$/) as unknown });
    const before = footprint(u.id);
    expect(await trpc.trade.buy.mutate(input)).toEqual(first);
    expect(footprint(u.id)).toBe(before);
    await expect(trpc.trade.buy.mutate({ ...input, shares: 13 })).rejects.toMatchObject({ message: IDEMPOTENCY_TEXT.reused, data: { httpStatus: 422 } });
  });
});

describe('the OpenAPI document', () => {
  it('names the Idempotency-Key header on every write path that changes something for a signed-in caller', async () => {
    const doc = await api<{ paths: Record<string, Record<string, { parameters: { $ref?: string }[]; responses: Record<string, unknown> }>> }>(
      server.url,
      'GET',
      '/openapi.json',
    );
    const writes = restRoutes.filter((r) => r.method !== 'GET' && !r.path.startsWith('/auth/') && r.path !== '/push/subscriptions/status');
    expect(writes.length).toBeGreaterThanOrEqual(25);
    for (const route of writes) {
      const operation = doc.body.paths[route.path]![route.method.toLowerCase()]!;
      expect(operation.parameters, `${route.method} ${route.path}`).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['409', '422']));
    }
  });
});

function release(): void {
  disk.hold = false;
  disk.held.splice(0).forEach((done) => done());
}
