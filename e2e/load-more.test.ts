/**
 * Lists the server sends a page at a time, in a real browser against the built server: a seller
 * lists 55 offers and a buyer makes 51 trades, then the buyer sees the first 50 of each list and
 * loads the rest with "Load more": every offer on /offers, the player's offers on its page, and the
 * buyer's trades on /transactions.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, launchBrowser, openPage, screenshot } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

let server: E2eServer;
let browser: Browser;
const pageErrors: string[] = [];
const stamp = Date.now().toString(36);

interface Session {
  token: string;
  user: { id: number; username: string; isAdmin: boolean; avatar: string | null };
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** An order, again a second later while the per-user order limit (30 in 5 s) refuses it. */
async function order(path: string, body: unknown, token: string): Promise<void> {
  for (;;) {
    const res = await call<{ error?: string }>('POST', path, body, token);
    if (res.status === 200) return;
    if (res.status !== 429) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

async function register(name: string): Promise<Session> {
  const res = await call<Session>('POST', '/auth/register', {
    username: `${name}_${stamp}`,
    email: `${name}.${stamp}@example.com`,
    password: 'correct horse battery',
  });
  expect(res.status).toBe(200);
  return res.body;
}

let buyer: Session;
let player: { id: number; name: string; salary: number };

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
  browser = await launchBrowser();
  const players = (await call<{ id: number; name: string; salary: number }[]>('GET', '/players')).body;
  player = [...players].sort((x, y) => x.salary - y.salary)[0]!;
  const seller = await register('seller');
  buyer = await register('buyer');
  await order('/trade/ask', { userId: seller.user.id, playerId: player.id, shares: player.salary, pricePerShare: 1 }, seller.token);
  // The seller lists 55 offers above its minimum sell price ($1.10), while the buyer's 51 bids each
  // take one share of that standing sell: 51 trades.
  await Promise.all([
    (async () => {
      for (let i = 0; i < 55; i++) await order('/offers', { userId: seller.user.id, playerId: player.id, shares: 1, pricePerShare: 2 + i / 100 }, seller.token);
    })(),
    (async () => {
      for (let i = 0; i < 51; i++) await order('/trade/ask', { userId: buyer.user.id, playerId: player.id, shares: 1, pricePerShare: 1.5 }, buyer.token);
    })(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Load more', () => {
  it('shows the first 50 offers, player offers and transactions, and the rest on Load more', async () => {
    const { context, page } = await openPage(browser, server.url, DESKTOP, pageErrors, buyer);
    try {
      const rows = (testId: string) => page.getByTestId(testId).first().locator('tbody tr');

      await page.goto('/offers');
      await page.getByRole('heading', { name: 'Shares for Sale', level: 1 }).waitFor();
      await expect.poll(() => rows('offers-table').count()).toBe(50);
      await page.getByRole('button', { name: 'Load more offers' }).click();
      await expect.poll(() => rows('offers-table').count()).toBe(55);
      await expect(page.getByRole('button', { name: 'Load more offers' }).count()).resolves.toBe(0);
      // Cheapest first across the pages: $2.00 … $2.54.
      await expect(rows('offers-table').nth(54).textContent()).resolves.toContain('$2.54');

      await page.goto(`/market/${player.id}`);
      const offers = page.locator('section[aria-labelledby="offers"]');
      await expect.poll(() => offers.getByTestId('offers-table').locator('tbody tr').count()).toBe(50);
      await offers.getByText('50 of 55 shown').waitFor();
      await offers.getByRole('button', { name: 'Load more offers' }).click();
      await expect.poll(() => offers.getByTestId('offers-table').locator('tbody tr').count()).toBe(55);
      await screenshot(page, 'player-load-more-1280');

      await page.goto('/transactions');
      const table = page.getByRole('table', { name: 'Your transactions' });
      await table.waitFor();
      await expect.poll(() => table.locator('tbody tr').count()).toBe(50);
      await page.getByText('50 transactions loaded').waitFor();
      await page.getByRole('button', { name: 'Load more transactions' }).click();
      await expect.poll(() => table.locator('tbody tr').count()).toBe(51);
      await page.getByText('51 transactions').waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
