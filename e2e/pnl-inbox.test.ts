/**
 * Profit and loss and the inbox in a real browser against the built server: B holds a player's
 * every share (bought at $1.00, minimum price $2.00); A buys 100 of them on the player page. B,
 * on the signed-in home, is told by a toast that links to the sale's inbox entry, finds it there
 * (and marks it read), then finds the sale's realized profit on the transactions page and the
 * holding's unrealized profit on the portfolio. Screenshots at 1280 and 375 px.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoSidewaysScroll, launchBrowser, openPage, PHONE, screenshot, screenshotFailures } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const stamp = Date.now().toString(36).slice(-6);
const LONG = 90_000;

let server: E2eServer;
let browser: Browser;
const errors: string[] = [];
let a: { context: BrowserContext; page: Page } | undefined;
let b: { context: BrowserContext; page: Page } | undefined;
let player: { id: number; name: string; salary: number };

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function member(name: string) {
  const registered = await api<{ token: string; user: { id: number } }>('POST', '/auth/register', {
    username: `${name}_${stamp}`,
    email: `${name}.${stamp}@example.com`,
    password: 'correct horse battery',
  });
  return { token: registered.token, id: registered.user.id, username: `${name}_${stamp}`, user: await api('GET', `/users/${registered.user.id}`) };
}

const dollars = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const players = await api<{ id: number; name: string; salary: number }[]>('GET', '/players');
  player = [...players].sort((x, y) => x.salary - y.salary)[0]!;
}, 120_000);

screenshotFailures(() => ({ 'pnl-buyer': a, 'pnl-seller': b }));

afterAll(async () => {
  await a?.context.close();
  await b?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('P&L and the inbox', () => {
  it(
    'a trade made in the browser reaches the seller’s inbox from its toast, with its realized profit on the transactions and the holding’s on the portfolio',
    async () => {
      const buyer = await member('pnla');
      const seller = await member('pnlb');
      await api('POST', '/trade/ask', { userId: seller.id, playerId: player.id, shares: player.salary, pricePerShare: 1 }, seller.token);
      await api('PUT', `/portfolio/${seller.id}/min-sell-price/${player.id}`, { minSellPrice: 2 }, seller.token);

      b = await openPage(browser, server.url, DESKTOP, errors, seller);
      await b.page.goto('/');
      await b.page.getByRole('heading', { name: 'Your place' }).waitFor();
      await b.page.getByText('Nothing new').waitFor();

      // A buys 100 shares at B's minimum price, on the player page.
      a = await openPage(browser, server.url, DESKTOP, errors, buyer);
      await a.page.goto(`/market/${player.id}`);
      const buy = a.page.getByRole('form', { name: `Buy ${player.name}` });
      await buy.getByTestId('availability').waitFor();
      await buy.getByLabel('Shares').fill('100');
      await buy.getByLabel('Price per share').fill('2');
      await buy.getByTestId('fill-preview').getByText(seller.username).waitFor();
      await buy.getByRole('button', { name: 'Buy', exact: true }).click();
      await a.page.locator('[data-sonner-toast]').filter({ hasText: 'Purchased 100 shares' }).first().waitFor();

      // B: the toast says it, and links to its entry; the nav's badge counts it; the home lists it.
      const told = b.page.locator('[data-sonner-toast]').filter({ hasText: 'minimum price' }).first();
      await told.waitFor({ timeout: 15_000 });
      const nav = b.page.getByRole('navigation', { name: 'Main' });
      await expect.poll(() => nav.getByRole('link', { name: /^Inbox/ }).textContent(), { timeout: 10_000 }).toContain('1');
      const news = b.page.locator('[data-testid="inbox-entry"]');
      await news.first().waitFor();
      await expect(news.first().textContent()).resolves.toContain(`Sold automatically: ${player.name}`);
      await screenshot(b.page, 'pnl/home-1280');
      await told.getByRole('button', { name: 'Inbox' }).click();
      await b.page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
      expect(b.page.url()).toMatch(/\/inbox\?entry=\d+$/);
      const entry = b.page.locator('[data-testid="inbox-entry"].is-highlighted');
      await expect(entry.textContent()).resolves.toContain('Sold automatically at your minimum price of $2.00: 100 shares.');
      // Opened from its link, it is read: no "Mark read" left, and the badge is gone.
      await entry.getByRole('button', { name: /Mark/ }).waitFor({ state: 'detached' });
      await expect.poll(() => nav.getByRole('link', { name: /^Inbox/ }).textContent(), { timeout: 10_000 }).toBe('Inbox');
      await screenshot(b.page, 'pnl/inbox-1280');

      // The sale's realized profit: 100 × ($2.00 − $1.00).
      await b.page.goto('/transactions');
      const sold = b.page.locator('main table tbody tr').filter({ hasText: 'Sold' }).first();
      await expect(sold.getByTestId('realized').textContent()).resolves.toBe('+$100.00');
      await screenshot(b.page, 'pnl/transactions-1280');

      // What is left is valued at the mark, $2.00 (the only trade between users): (salary − 100) × ($2.00 − $1.00).
      await b.page.goto('/portfolio');
      const left = player.salary - 100;
      await expect.poll(() => b!.page.getByTestId('unrealized-profit').textContent(), { timeout: 10_000 }).toBe(`+${dollars(left)}`);
      await expect(b.page.getByTestId('realized-profit').textContent()).resolves.toBe('+$100.00');
      await b.page.getByTestId('portfolio-split').waitFor();
      await screenshot(b.page, 'pnl/portfolio-1280');

      // The same at 375 px: nothing scrolls sideways.
      await b.page.setViewportSize(PHONE);
      for (const [path, name] of [
        ['/', 'home'],
        ['/inbox', 'inbox'],
        ['/portfolio', 'portfolio'],
        ['/transactions', 'transactions'],
      ] as const) {
        await b.page.goto(path);
        await b.page.getByRole('heading', { level: 1 }).first().waitFor();
        await b.page.waitForTimeout(400);
        await expectNoSidewaysScroll(b.page);
        await screenshot(b.page, `pnl/${name}-375`);
      }
      expect(errors).toEqual([]);
    },
    LONG,
  );
});
