import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEAGUE_ID } from '../../db/leagues/files.js';
import { SPARK_POINTS } from '../../domain/market/trend.js';
import type { MarketGlanceOut, PlayerOut } from '../../shared/schemas/market.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function trpcGlance(): Promise<MarketGlanceOut> {
  const res = await fetch(`${server.url}/trpc/market.glance`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: MarketGlanceOut } }).result.data;
}

describe('the market at a glance (market.glance, GET /api/glance)', () => {
  it('answers every active player and every team in one request, each with its change and a week’s sparkline', async () => {
    const players = (await api<PlayerOut[]>(server.url, 'GET', '/players')).body;
    const teams = (await api<{ id: number }[]>(server.url, 'GET', '/teams')).body;
    const rest = await api<MarketGlanceOut>(server.url, 'GET', '/glance');
    expect(rest.status).toBe(200);
    const glance = rest.body;
    expect(glance.rows.filter((r) => r.kind === 'player').map((r) => r.id)).toEqual(players.map((p) => p.id));
    expect(new Set(glance.rows.filter((r) => r.kind === 'team').map((r) => r.id))).toEqual(new Set(teams.map((t) => t.id)));
    for (const r of glance.rows) {
      expect(r.spark_cents).toHaveLength(SPARK_POINTS);
      expect(r.spark_cents.at(-1)).toBe(Math.round(r.mark * 100));
    }
    const byId = new Map(players.map((p) => [p.id, p]));
    for (const r of glance.rows.filter((x) => x.kind === 'player')) expect(r.mark).toBe(byId.get(r.id)!.current_price);
    expect(await trpcGlance()).toEqual(glance);
  });

  it('counts a trade in "most traded today" and a new holder in "most held", and is the same answer for everyone until the market changes', async () => {
    const before = await trpcGlance();
    const player = before.rows.find((r) => r.kind === 'player' && r.holder_count === 0)!;
    const buyer = await registerUser(server.url);
    const bought = await api(server.url, 'POST', '/trade/ask', { userId: buyer.id, playerId: player.id, shares: 5, pricePerShare: 1 }, buyer.token);
    expect(bought.status).toBe(200);
    const after = await trpcGlance();
    const row = after.rows.find((r) => r.kind === 'player' && r.id === player.id)!;
    expect(row.trades_24h).toBe(player.trades_24h + 1);
    expect(row.holder_count).toBe(1);
    expect(after.most_traded.some((x) => x.kind === 'player' && x.id === player.id)).toBe(true);
    expect(after.most_held.length).toBeGreaterThan(0);
    for (const list of [after.most_traded, after.most_held, after.movers_up, after.movers_down]) expect(list.length).toBeLessThanOrEqual(5);
    // With nothing new, the second caller is given the very answer the first one was.
    const models = server.serverServices.hub.get(DEFAULT_LEAGUE_ID)!.exchange.readModels();
    const computed = models.trends.computed;
    expect(await trpcGlance()).toEqual(after);
    expect(models.trends.computed).toBe(computed);
  });
});
