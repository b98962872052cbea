import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioHistoryOut } from '../../shared/schemas/account.js';
import type { PlayerOut } from '../../shared/schemas/market.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
let clock = Date.now();
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.stop());

describe('a portfolio’s chart, kept while the market stands still', () => {
  it('answers the same points again, with the point for now moving on, and every trade after', async () => {
    const player = (await api<PlayerOut[]>(server.url, 'GET', '/players')).body.sort((a, b) => a.salary - b.salary)[0]!;
    const [alice, bob] = [await registerUser(server.url), await registerUser(server.url)];
    const post = (path: string, body: unknown, token: string) => api(server.url, 'POST', path, body, token);
    expect((await post('/trade/ask', { userId: alice.id, playerId: player.id, shares: player.salary, pricePerShare: 1 }, alice.token)).status).toBe(200);
    clock += 60_000;
    const history = async () => (await api<PortfolioHistoryOut>(server.url, 'GET', `/portfolio/${alice.id}/history`)).body.points;
    const first = await history();
    clock += 60_000;
    const again = await history();
    expect(again.slice(0, -1)).toEqual(first.slice(0, -1));
    expect(again.at(-1)).toEqual({ ...first.at(-1)!, at: new Date(clock).toISOString() });

    // Bob buys from Alice's standing sell ($1.10): a point of hers, and her shares' value moves.
    expect((await post('/trade/ask', { userId: bob.id, playerId: player.id, shares: 10, pricePerShare: 2 }, bob.token)).status).toBe(200);
    clock += 60_000;
    const after = await history();
    expect(after).toHaveLength(first.length + 1);
    expect(after.at(-1)!.totalValue).toBe((await api<{ totalValue: number }>(server.url, 'GET', `/portfolio/${alice.id}`)).body.totalValue);
    expect(after.at(-1)!.totalValue).not.toBe(first.at(-1)!.totalValue);
  });
});
