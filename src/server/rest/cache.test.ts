import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAGUE_TEXT, type LeagueView } from '../../shared/schemas/leagues.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Player = { id: number; shares_remaining: number; owned: number };

describe('the anonymous answer of GET /api/players', () => {
  it('is served from memory until the market changes, and never mixes in a signed-in caller’s shares', async () => {
    const first = await api<Player[]>(server.url, 'GET', '/players');
    const player = first.body.at(-1)!;
    const trader = await registerUser(server.url);
    await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId: player.id, shares: 7, pricePerShare: 1 }, trader.token);

    const signedIn = await api<Player[]>(server.url, 'GET', '/players', undefined, trader.token);
    expect(signedIn.body.find((p) => p.id === player.id)).toMatchObject({ owned: 7, shares_remaining: player.shares_remaining - 7 });
    const anonymous = await api<Player[]>(server.url, 'GET', '/players');
    expect(anonymous.body.find((p) => p.id === player.id)).toMatchObject({ owned: 0, shares_remaining: player.shares_remaining - 7 });
  });

  it('is gzipped for a client that accepts it, with the same content, and sized either way', async () => {
    const rawGet = (headers: Record<string, string>) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(`${server.url}/api/players`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const plain = await rawGet({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    expect((JSON.parse(plain.body.toString('utf8')) as unknown[]).length).toBeGreaterThan(0);
    const gzipped = await rawGet({ 'accept-encoding': 'gzip, deflate, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-length']).toBe(String(gzipped.body.length));
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
  });
});

describe('the anonymous answer of a league', () => {
  it('never reaches a visitor once the league is invite-only, not even until its next trade, nor after it was closed and opened again', async () => {
    const commissioner = await registerUser(server.url);
    const league = (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Cached League' }, commissioner.token)).body.league;
    const players = `/leagues/${league.id}/players`;
    expect((await api(server.url, 'GET', players)).status).toBe(403);
    expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { open: true }, commissioner.token)).status).toBe(200);
    const first = await api<Player[]>(server.url, 'GET', players);
    expect(first.status).toBe(200);
    // Served again from memory while nothing changed.
    expect((await api<Player[]>(server.url, 'GET', players)).body).toEqual(first.body);

    expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { open: false }, commissioner.token)).status).toBe(200);
    expect(await api(server.url, 'GET', players)).toMatchObject({ status: 403, body: { error: LEAGUE_TEXT.inviteOnly } });
    expect((await api(server.url, 'GET', players, undefined, commissioner.token)).status).toBe(200);

    // Closed and opened again (a new run of its market): still refused, and once open again, answered afresh.
    await server.serverServices.hub.close(league.id);
    expect(await api(server.url, 'GET', players)).toMatchObject({ status: 403 });
    await api(
      server.url,
      'POST',
      `/leagues/${league.id}/trade/ask`,
      { userId: commissioner.id, playerId: first.body[0]!.id, shares: 5, pricePerShare: 1 },
      commissioner.token,
    );
    expect((await api(server.url, 'PATCH', `/leagues/${league.id}`, { open: true }, commissioner.token)).status).toBe(200);
    const again = await api<Player[]>(server.url, 'GET', players);
    expect(again.body.find((p) => p.id === first.body[0]!.id)!.shares_remaining).toBe(first.body[0]!.shares_remaining - 5);
  });
});
