import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProblems } from '../engine/test-support/invariants.js';
import { restRoutes } from './rest/routes.js';
import type { RestRoute } from './rest/route.js';
import { appRouter } from './routers/index.js';
import { createCallerFactory } from './trpc.js';
import { createContextFor } from './context.js';
import { LEAGUE_TEXT } from '../shared/schemas/leagues.js';
import { api, registerUser, startTestServer, type TestServer } from './test-support/server.js';

let server: TestServer;
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
let revoked: string;
let expiredToken: string;
let ids: Record<string, number>;

const IDENTITY_FIELDS = ['userId', 'sellerId', 'buyerId'];
const writes = restRoutes.filter((r) => r.method !== 'GET' && !r.path.startsWith('/auth/'));

/** Everything money and shares are made of (a name like "NaN" is a fine username, so names are not): any change shows here. */
function digest(): string {
  const q = (sql: string) => JSON.stringify(server.db.$client.prepare(sql).all());
  return [
    q('SELECT id, balance_cents, is_admin FROM users ORDER BY id'),
    q('SELECT * FROM holdings ORDER BY user_id, instrument, instrument_id'),
    q('SELECT id, status, shares_remaining FROM orders ORDER BY id'),
    q('SELECT COUNT(*) FROM trades'),
    q('SELECT id, salary, retired_at FROM players ORDER BY id'),
    q('SELECT COUNT(*) FROM declined_asks'),
  ].join('\n');
}

/** A well-formed payload for a route, acting as `self` (path params included). */
function payload(route: RestRoute, self: number): Record<string, unknown> {
  const shape = (route.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) {
    if (IDENTITY_FIELDS.includes(key)) body[key] = self;
    else if (key === 'id') body[key] = route.path.startsWith('/users/') ? self : ids.playerId;
    else if (key in ids) body[key] = ids[key];
    else if (key === 'shares') body[key] = 1;
    else if (key === 'pricePerShare' || key === 'minSellPrice') body[key] = 2;
    else if (key === 'newSalary') body[key] = 1_000_000;
    else if (key === 'username') body[key] = 'renamed_user';
    else if (key === 'image') body[key] = 'data:image/png;base64,iVBORw0KGgo=';
    else if (key === 'limit') body[key] = 5;
  }
  return body;
}

function pathFor(route: RestRoute, body: Record<string, unknown>): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(body[name] ?? 1)));
}

beforeAll(async () => {
  server = await startTestServer({ orderRateLimit: { points: 1_000_000, durationSeconds: 60 } });
  alice = await registerUser(server.url, 'alice_abuse');
  bob = await registerUser(server.url, 'bob_abuse');
  const gone = await registerUser(server.url, 'gone_abuse');
  revoked = gone.token;
  await api(server.url, 'POST', '/auth/logout', undefined, gone.token);
  const players = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
  const cheapest = [...players.body].sort((a, b) => a.salary - b.salary)[0]!;
  const playerId = cheapest.id;
  const teams = await api<{ id: number }[]>(server.url, 'GET', '/teams');
  // Real orders for the id-taking calls to aim at.
  await api(server.url, 'POST', '/trade/ask', { userId: bob.id, playerId, shares: cheapest.salary, pricePerShare: 1 }, bob.token);
  const offer = await api<{ offer: { offerId: number } }>(server.url, 'POST', '/offers', { userId: bob.id, playerId, shares: 10, pricePerShare: 9 }, bob.token);
  await api(server.url, 'PUT', `/portfolio/${bob.id}/min-sell-price/${playerId}`, { minSellPrice: 50 }, bob.token);
  const ask = await api<{ ask: { askId: number } }>(server.url, 'POST', '/trade/ask', { userId: alice.id, playerId, shares: 5, pricePerShare: 3 }, alice.token);
  ids = { leagueId: 1, playerId, teamId: teams.body[0]!.id, offerId: offer.body.offer.offerId, askId: ask.body.ask.askId, teamAskId: ask.body.ask.askId };
  // A session that expired: created, then its end moved into the past.
  const expired = await api<{ token: string }>(server.url, 'POST', '/auth/login', { email: alice.email, password: alice.password });
  expiredToken = expired.body.token;
  server.accounts.$client.prepare('UPDATE sessions SET expires_at = 0 WHERE id = (SELECT id FROM sessions ORDER BY created_at DESC LIMIT 1)').run();
});
afterAll(() => server.stop());

describe('the authorization matrix', () => {
  it('covers every write call of the REST shim', () => {
    expect(writes.length).toBeGreaterThanOrEqual(18);
  });

  it.each(writes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: refused without a token, with a revoked or expired one, and for someone else',
    async (_name, route) => {
      const before = digest();
      const own = payload(route, alice.id);
      for (const token of [undefined, revoked, expiredToken]) {
        const res = await api(server.url, route.method, pathFor(route, own), own, token);
        expect(res.status, `token ${token ? 'revoked/expired' : 'missing'}`).toBe(401);
      }
      const actsForSomeone = Object.keys(own).some((k) => IDENTITY_FIELDS.includes(k)) || route.path.startsWith('/users/{id}');
      if (actsForSomeone) {
        const forBob = payload(route, bob.id);
        const res = await api(server.url, route.method, pathFor(route, forBob), forBob, alice.token);
        // A league's member is removed, or muted in its chat, by the league's commissioner, whoever they are: the id names who it is done to.
        const onAMember = route.path.startsWith('/leagues/') || route.path.startsWith('/chat/mutes');
        const refusal = onAMember ? LEAGUE_TEXT.commissionerOnly : 'You can only act for yourself';
        expect(res).toMatchObject({ status: 403, body: { error: refusal } });
      }
      if (route.auth === 'admin') {
        const res = await api(server.url, route.method, pathFor(route, own), own, alice.token);
        expect(res).toMatchObject({ status: 403, body: { error: 'Only admins can do that' } });
      }
      expect(digest()).toBe(before);
    },
  );

  it('refuses the same over tRPC: every mutation, called for someone else or without a session', async () => {
    const caller = createCallerFactory(appRouter);
    const procedures = (
      appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string; inputs: { shape?: Record<string, unknown> }[] } }> } }
    )._def.procedures;
    const before = digest();
    let checked = 0;
    for (const [path, procedure] of Object.entries(procedures)) {
      if (procedure._def.type !== 'mutation' || path.startsWith('auth.')) continue;
      const [router, name] = path.split('.') as [string, string];
      const fakeRoute = { input: { shape: procedure._def.inputs[0]?.shape ?? {} }, path: router === 'users' ? '/users/{id}' : '/' } as unknown as RestRoute;
      const call = (ctxToken: string | null, input: unknown) =>
        (caller(createContextFor(server.serverServices, ctxToken, '127.0.0.1')) as unknown as Record<string, Record<string, (i: unknown) => Promise<unknown>>>)[
          router
        ]![name]!(input);
      await expect(call(null, payload(fakeRoute, alice.id)), path).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(call(revoked, payload(fakeRoute, alice.id)), path).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      const keys = Object.keys(payload(fakeRoute, alice.id));
      if (keys.some((k) => IDENTITY_FIELDS.includes(k)) || router === 'users') {
        await expect(call(alice.token, payload(fakeRoute, bob.id)), path).rejects.toMatchObject({ code: 'FORBIDDEN' });
      }
      if (router === 'admin') await expect(call(alice.token, payload(fakeRoute, alice.id)), path).rejects.toMatchObject({ code: 'FORBIDDEN' });
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(18);
    expect(digest()).toBe(before);
  });
});

const badValues: unknown[] = [
  null,
  true,
  'x',
  '',
  ' ',
  '1e400',
  'NaN',
  'Infinity',
  '-0',
  1e308,
  -1e308,
  2 ** 53 + 1,
  -1,
  0,
  0.5,
  1.001,
  -0,
  '\u0000\u0007\u001b[31m',
  '𝕏🏀\u202e',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  [],
  [1, 2],
  {},
  { $gt: 0 },
  'a'.repeat(10_000),
];

describe('fuzzing every call with malformed payloads', () => {
  it('never answers 5xx, never changes money or shares, and the server stays healthy', async () => {
    const before = digest();
    let sent = 0;
    const statuses = new Map<number, number>();
    const send = async (route: RestRoute, body: unknown, path = route.path.replace(/\{(\w+)\}/g, '1'), raw?: string) => {
      const init: RequestInit = { method: route.method, headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' } };
      if (route.method !== 'GET') init.body = raw ?? JSON.stringify(body);
      const res = await fetch(`${server.url}/api${path}`, init);
      await res.text();
      sent += 1;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, `${route.method} ${path} ${raw ?? JSON.stringify(body)?.slice(0, 200)}`).toBeLessThan(500);
    };
    for (const route of restRoutes) {
      if (route.path.startsWith('/auth/') || route.auth === 'admin') continue;
      const valid = payload(route, alice.id);
      // One field at a time made wrong, so that no payload can be a valid order.
      for (const key of Object.keys(valid)) {
        for (const bad of badValues) {
          const body = { ...valid, [key]: bad };
          const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
            name === key ? encodeURIComponent(String(bad)).slice(0, 200) || '%20' : String(valid[name] ?? 1),
          );
          await send(route, body, path);
        }
      }
      // Random JSON documents, and bodies that are not JSON objects at all.
      const samples = fc.sample(fc.jsonValue({ maxDepth: 4 }), 40);
      for (const sample of samples) await send(route, sample);
      if (route.method !== 'GET') {
        await send(route, null, undefined, '['.repeat(50_000) + ']'.repeat(50_000));
        await send(route, null, undefined, '{"shares": 1, "shares": ');
        await send(route, null, undefined, JSON.stringify({ padding: 'x'.repeat(5_000_000) }));
      }
    }
    expect(sent).toBeGreaterThan(2_000);
    const after = digest().split('\n');
    before.split('\n').forEach((line, i) => expect(after[i], `digest part ${i}`).toBe(line));
    expect(ledgerProblems(server.db)).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    console.info(`fuzz: ${sent} payloads to ${restRoutes.length} routes, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 120_000);
});
