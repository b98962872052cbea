import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, teams } from '../../db/schema.js';
import { addTrade, holdPlayer, holdTeam, openMarketChanged, setLastTradePrice } from '../../db/test-support/fixtures.js';
import type { PortfolioExport, TransactionsExport } from '../../shared/schemas/exports.js';
import { api, registerUser, startTestServer, type TestServer } from '../test-support/server.js';

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
const clock = Date.parse('2026-01-31T12:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.stop());

describe('exports: one’s own data as JSON', () => {
  it('GET /portfolio/{userId}/export: cash, totals and every holding with average price and value', async () => {
    const p = server.db.select().from(players).where(isNull(players.retiredAt)).orderBy(players.id).limit(1).get()!;
    const team = server.db.select().from(teams).where(eq(teams.id, p.teamId)).get()!;
    const owner = await registerUser(server.url);
    holdPlayer(server.db, owner.id, p.id, 100, 15_000, 165);
    holdTeam(server.db, owner.id, team.id, 40, 8_000, clock + 7 * DAY);
    // The player's open market sold out, and others traded at $3.00 since: its mark. The team's open market still sells: $1.00.
    openMarketChanged(server.db, 'player', p.id, false, clock - DAY);
    const other = await registerUser(server.url);
    addTrade(server.db, { instrumentId: p.id, buyerId: other.id, sellerId: owner.id, shares: 10, priceCents: 300, at: clock - 60_000 });
    setLastTradePrice(server.db, p.id, 300);

    const res = await api<PortfolioExport>(server.url, 'GET', `/portfolio/${owner.id}/export`, undefined, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: owner.id,
      username: owner.username,
      exportedAt: new Date(clock).toISOString(),
      cash: 80_000_000,
      escrow: 0,
      shareValue: 340,
      totalValue: 80_000_340,
      holdings: [
        {
          itemType: 'player',
          itemId: p.id,
          name: p.name,
          team: team.name,
          shares: 100,
          listedShares: 0,
          averagePrice: 1.5,
          currentPrice: 3,
          value: 300,
          minSellPrice: 1.65,
          lockedUntil: null,
        },
        {
          itemType: 'team',
          itemId: team.id,
          name: team.name,
          team: team.conference,
          shares: 40,
          listedShares: 0,
          averagePrice: 2,
          currentPrice: 1,
          value: 40,
          minSellPrice: 2,
          lockedUntil: new Date(clock + 7 * DAY).toISOString(),
        },
      ],
    });
  });

  it('GET /trades/user/{userId}/export: every trade, newest first, beyond the page the transactions screen shows, with the other side', async () => {
    const p = server.db.select().from(players).where(isNull(players.retiredAt)).orderBy(players.id).limit(1).offset(1).get()!;
    const me = await registerUser(server.url);
    const other = await registerUser(server.url);
    for (let i = 0; i < 520; i += 1)
      addTrade(server.db, { instrumentId: p.id, buyerId: me.id, sellerId: null, shares: 1, priceCents: 100, at: clock - DAY + i });
    addTrade(server.db, { instrumentId: p.id, buyerId: other.id, sellerId: me.id, shares: 5, priceCents: 250, at: clock });

    const res = await api<TransactionsExport>(server.url, 'GET', `/trades/user/${me.id}/export`, undefined, me.token);
    expect(res.status).toBe(200);
    expect(res.body.transactions).toHaveLength(521);
    expect(res.body.transactions[0]).toMatchObject({
      itemType: 'player',
      itemId: p.id,
      item: p.name,
      side: 'Sold',
      shares: 5,
      price: 2.5,
      total: 12.5,
      counterparty: other.username,
      date: new Date(clock).toISOString(),
    });
    expect(res.body.transactions[520]).toMatchObject({ side: 'Bought', shares: 1, price: 1, total: 1, counterparty: 'Market' });
    const page = await api<unknown[]>(server.url, 'GET', `/trades/user/${me.id}`, undefined, me.token);
    expect(page.body).toHaveLength(50);
    expect(page.headers.get('x-next-cursor')).toBeTruthy();
  });

  it('acts only for the session’s user: another user’s id is refused with 403, no session with 401', async () => {
    const me = await registerUser(server.url);
    const other = await registerUser(server.url);
    for (const path of [`/portfolio/${other.id}/export`, `/trades/user/${other.id}/export`]) {
      const refused = await api<{ error: string }>(server.url, 'GET', path, undefined, me.token);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('You can only act for yourself');
      expect((await api(server.url, 'GET', path)).status).toBe(401);
    }
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = await api<{ paths: Record<string, unknown> }>(server.url, 'GET', '/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/portfolio/{userId}/export', '/trades/user/{userId}/export']));
  });
});
