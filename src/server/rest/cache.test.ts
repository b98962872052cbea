import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
