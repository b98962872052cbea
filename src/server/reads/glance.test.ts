import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEAGUE_ID } from '../../db/leagues/files.js';
import { SPARK_POINTS } from '../../domain/market/trend.js';
import { PROVISIONAL_MS } from '../../engine/read-models/mark-trends.js';
import { testExchange } from '../../engine/test-support/exchange.js';
import type { MarketGlanceOut, PlayerOut } from '../../shared/schemas/market.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';
import { buildGlance } from './glance.js';

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
    // A fresh league: every mark $1.00 all week, each sent as a flat line (no points).
    for (const r of glance.rows) expect(r).toMatchObject({ mark: 1, change_bp: 0, spark_cents: [] });
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
    expect(after.most_held.some((x) => x.kind === 'player' && x.id === player.id)).toBe(true);
    for (const list of [after.most_traded, after.most_held, after.movers_up, after.movers_down]) expect(list.length).toBeLessThanOrEqual(5);
    // With nothing new, the second caller is given the very answer the first one was.
    const models = server.serverServices.hub.get(DEFAULT_LEAGUE_ID)!.exchange.readModels();
    const computed = models.trends.computed;
    expect(await trpcGlance()).toEqual(after);
    expect(models.trends.computed).toBe(computed);
  });
});

describe('the glance built from the read models', () => {
  it('draws a moved mark’s week in 42 points ending at the mark, and names it among the top movers', () => {
    const t = testExchange();
    const p = t.player(60);
    const [a, b] = [t.user('a', 5_000_000), t.user('b', 5_000_000)];
    // a buys the whole open market, then sells b some at $4.00: a trade between users, and the mark rises.
    t.submit({ type: 'buy', userId: a, instrument: p, shares: 60, priceCents: 100 });
    t.clock.now += 1_000;
    t.submit({ type: 'listOffer', userId: a, instrument: p, shares: 10, priceCents: 400 });
    t.submit({ type: 'buy', userId: b, instrument: p, shares: 10, priceCents: 400 });
    t.clock.now += 5 * 3_600_000;
    const m = t.exchange.readModels();
    // Every week of marks read in this build, however slow the machine (the budget of a warming server is tested below).
    const { answer, until } = buildGlance(m, t.clock.now, Number.POSITIVE_INFINITY);
    const row = answer.rows.find((r) => r.kind === 'player' && r.id === p.id)!;
    const mark = m.markOf('player', p.id);
    expect(mark).toBeGreaterThan(100);
    expect(row.mark).toBe(mark / 100);
    expect(row.change_bp).toBe(Math.round(((mark - 100) * 10_000) / 100));
    expect(row.spark_cents).toHaveLength(SPARK_POINTS);
    expect(row.spark_cents.at(-1)).toBe(mark);
    expect(row.spark_cents[0]).toBe(100);
    expect(answer.movers_up[0]).toMatchObject({ kind: 'player', id: p.id, change_bp: row.change_bp });
    expect(answer.movers_down).toEqual([]);
    expect(answer.most_traded[0]).toMatchObject({ kind: 'player', id: p.id, trades_24h: 2 });
    expect(answer.most_held[0]).toMatchObject({ kind: 'player', id: p.id, holder_count: 2 });
    // It stands until the next 4-hour step at the latest.
    expect(until).toBeGreaterThan(t.clock.now);
    expect(until).toBeLessThanOrEqual(t.clock.now + 4 * 3_600_000);
    // Untouched players: a flat week, sent as no points.
    expect(answer.rows.filter((r) => r.id !== p.id && r.kind === 'player').every((r) => r.spark_cents.length === 0 && r.change_bp === 0)).toBe(true);
  });
});

describe('the glance of a server still warming up', () => {
  it('gives an instrument whose week of marks is not read yet a provisional trend for a second, not a read of its week', () => {
    const t = testExchange();
    const p = t.player(60);
    const [a, b] = [t.user('a', 5_000_000), t.user('b', 5_000_000)];
    t.submit({ type: 'buy', userId: a, instrument: p, shares: 60, priceCents: 100 });
    t.clock.now += 1_000;
    t.submit({ type: 'listOffer', userId: a, instrument: p, shares: 10, priceCents: 400 });
    t.submit({ type: 'buy', userId: b, instrument: p, shares: 10, priceCents: 400 });
    t.clock.now += 3_600_000;
    const m = t.exchange.readModels();
    const mark = m.markOf('player', p.id);
    const waiting = m.trendOf('player', p.id, t.clock.now, false);
    expect(waiting.trend).toMatchObject({ markCents: mark, changeBp: 0 });
    expect(waiting.until).toBe(t.clock.now + PROVISIONAL_MS);
    // Allowed to read, it works the week out; kept, it is what a build without reads gets next.
    const read = m.trendOf('player', p.id, t.clock.now);
    expect(read.trend.changeBp).toBe(Math.round(((mark - 100) * 10_000) / 100));
    expect(m.trendOf('player', p.id, t.clock.now + 1, false)).toBe(read);
  });
});
