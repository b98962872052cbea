import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppRouter } from './routers/index.js';
import { api, registerUser, startTestServer, type TestServer } from './test-support/server.js';

const TOKEN = 'metrics-test-token-0123456789';

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function testServer(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  cleanup.push(() => server.stop());
  return server;
}

/** A folder with the web app's index page, so unknown paths get the page (as in production). */
function webDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hoops-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Hoops</title>');
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const scrape = (url: string, authorization?: string) => fetch(`${url}/metrics`, { headers: authorization ? { authorization } : {} });

/** The samples of a scrape, keyed by name and labels (sorted), e.g. `hoops_orders_refused_total{command="buy",reason="insufficient_cash"}`. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels = m[2]
      ? m[2]
          .match(/\w+="(?:[^"\\]|\\.)*"/g)!
          .sort()
          .join(',')
      : '';
    out.set(labels ? `${m[1]}{${labels}}` : m[1]!, Number(m[3]));
  }
  return out;
}

function sample(all: Map<string, number>, name: string, labels: Record<string, string> = {}): number {
  const keys = Object.keys(labels).sort();
  const key = keys.length ? `${name}{${keys.map((k) => `${k}="${labels[k]}"`).join(',')}}` : name;
  return all.get(key) ?? 0;
}

async function metricsOf(url: string): Promise<Map<string, number>> {
  const res = await scrape(url, `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return samples(await res.text());
}

describe('/metrics', () => {
  it('is a 404 (not the web app) while METRICS_TOKEN is not set', async () => {
    const server = await testServer({ webDir: webDir() });
    const res = await scrape(server.url, `Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: 'Not found' });
    // Other unknown paths still get the web app.
    expect(await (await fetch(`${server.url}/some/page`)).text()).toContain('<title>Hoops</title>');
  });

  it('answers 401 without the token or with a wrong one, and the text format with it', async () => {
    const server = await testServer({ metricsToken: TOKEN });
    for (const header of [undefined, 'Bearer not-the-right-token-at-all', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(server.url, header);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await res.text()).not.toContain('hoops_');
    }
    const res = await scrape(server.url, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('# TYPE hoops_orders_accepted_total counter');
    expect(text).toContain('# TYPE hoops_command_phase_seconds histogram');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    const all = samples(text);
    expect(sample(all, 'hoops_database_size_bytes')).toBeGreaterThan(0);
    expect(all.has('hoops_wal_size_bytes')).toBe(true);
  });

  it('shows the counters move after orders, refusals, a trade, a live follower and HTTP calls', async () => {
    const server = await testServer({ metricsToken: TOKEN, orderRateLimit: { points: 4, durationSeconds: 60 } });
    const before = await metricsOf(server.url);
    expect(sample(before, 'hoops_orders_accepted_total', { command: 'buy' })).toBe(0);

    const client = createWSClient({ url: `${server.url.replace('http', 'ws')}/trpc`, WebSocket: WebSocket as never });
    const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client })] });
    let tickerMessages = 0;
    const sub = trpc.live.ticker.subscribe(undefined, { onData: () => (tickerMessages += 1) });
    cleanup.push(async () => {
      sub.unsubscribe();
      await client.close();
    });
    await expect.poll(async () => sample(await metricsOf(server.url), 'hoops_live_subscriptions', { stream: 'ticker' })).toBe(1);

    const trader = await registerUser(server.url, 'metrics_trader');
    const players = await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players');
    const playerId = [...players.body].sort((a, b) => a.salary - b.salary)[0]!.id;
    // Accepted: bought from the open market (a trade).
    expect(await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 2, pricePerShare: 1 }, trader.token)).toMatchObject({
      status: 200,
    });
    // Refused by the exchange: more than the trader's cash, and an ask that does not exist.
    expect((await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 100, pricePerShare: 1_000_000 }, trader.token)).status).toBe(
      400,
    );
    expect((await api(server.url, 'DELETE', '/asks/999999', { userId: trader.id }, trader.token)).status).toBe(404);
    expect(await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 1, pricePerShare: 1 }, trader.token)).toMatchObject({
      status: 200,
    });
    // The fifth order within the minute is refused by the rate limit before the exchange.
    expect((await api(server.url, 'POST', '/trade/ask', { userId: trader.id, playerId, shares: 1, pricePerShare: 1 }, trader.token)).status).toBe(429);
    await expect.poll(() => tickerMessages).toBeGreaterThan(0);

    const after = await metricsOf(server.url);
    expect(sample(after, 'hoops_orders_accepted_total', { command: 'buy' })).toBe(2);
    expect(sample(after, 'hoops_orders_refused_total', { command: 'buy', reason: 'insufficient_cash' })).toBe(1);
    expect(sample(after, 'hoops_orders_refused_total', { command: 'cancelAsk', reason: 'order_not_found' })).toBe(1);
    expect(sample(after, 'hoops_orders_rate_limited_total')).toBe(1);
    expect(sample(after, 'hoops_command_duration_seconds_count')).toBe(4);
    expect(sample(after, 'hoops_command_phase_seconds_count', { phase: 'plan' })).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'hoops_command_phase_seconds_count', { phase: 'commit' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'hoops_command_phase_seconds_count', { phase: 'fsync' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'hoops_group_commit_commands_sum')).toBe(4);
    expect(sample(after, 'hoops_ticker_messages_total')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'hoops_ticker_deliveries_total')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'hoops_ws_connections')).toBe(1);

    const requests = (route: string, method: string, status: string) => sample(after, 'hoops_http_requests_total', { route, method, status });
    expect(requests('/api/trade/ask', 'POST', '200')).toBe(2);
    expect(requests('/api/trade/ask', 'POST', '400')).toBe(1);
    expect(requests('/api/trade/ask', 'POST', '429')).toBe(1);
    expect(requests('/api/asks/{askId}', 'DELETE', '404')).toBe(1);
    expect(requests('/api/players', 'GET', '200')).toBe(1);
    expect(requests('metrics', 'GET', '200')).toBeGreaterThanOrEqual(2);
    // Never a raw path with an id as a route.
    expect([...after.keys()].some((key) => key.includes('999999'))).toBe(false);
    expect(sample(after, 'hoops_database_size_bytes')).toBeGreaterThan(0);

    sub.unsubscribe();
    await expect.poll(async () => sample(await metricsOf(server.url), 'hoops_live_subscriptions', { stream: 'ticker' })).toBe(0);
  });
});
