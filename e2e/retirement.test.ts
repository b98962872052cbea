/**
 * A retirement in real browsers: a page watching the ticker sees the open market buy the holders'
 * shares back at $1.00 as it happens, without a reload (and without asking for the recent trades
 * again: only the live feed can bring it); a holder signed in elsewhere is told at once, by a toast;
 * their transactions show the buy-back as such, and every link to the player (transactions, the
 * ticker, recent trades) opens his page, marked retired, with his chart, his trades and the holders
 * he had at retirement. Screenshots at 1280 and 375 px.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, expectNoSidewaysScroll, launchBrowser, openPage, PHONE, screenshot, screenshotFailures } from './support/browser.js';
import { callApi, PASSWORD } from './support/members.js';
import { startServer, type E2eServer } from './support/server.js';

const run = promisify(execFile);
const stamp = Date.now().toString(36).slice(-5);

let server: E2eServer;
let browser: Browser;
const pageErrors: string[] = [];
const open: Record<string, { page: Page } | undefined> = {};
screenshotFailures(() => open);

interface Session {
  token: string;
  user: { id: number; username: string; isAdmin: boolean; avatar: string | null };
}

const api = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(server.url, method, path, token, body);

async function register(name: string): Promise<Session> {
  const { token, user } = await api<{ token: string; user: { id: number } }>('POST', '/auth/register', {
    username: name,
    email: `${name}@example.com`,
    password: PASSWORD,
  });
  return { token, user: await api<Session['user']>('GET', `/users/${user.id}`) };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A screenshot once the page has loaded (no spinner) and any toast has closed. */
async function pageShot(page: Page, name: string): Promise<void> {
  await page.locator('.loading').first().waitFor({ state: 'detached' });
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.waitForTimeout(200);
  await screenshot(page, name);
}

let admin: Session;
let fan: Session;
let player: { id: number; name: string };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await register(`ret_${stamp}`);
  fan = await register(`fan_${stamp}`);
  await run(process.execPath, ['dist/node/cli/admin.js', 'grant', admin.user.username], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: server.dataDir },
  });
  const players = await api<{ id: number; name: string }[]>('GET', '/players');
  player = players[0]!;
  // The admin buys 42 and dumps 5; the fan buys 10 of his shares at $1.50, then 5 more at $2.00:
  // the retirement buys back 22 from the admin and 15 from the fan.
  await api('POST', '/trade/ask', { userId: admin.user.id, playerId: player.id, shares: 42, pricePerShare: 1 }, admin.token);
  await api('POST', '/trade/dump', { userId: admin.user.id, playerId: player.id, shares: 5 }, admin.token);
  for (const [shares, price] of [
    [10, 1.5],
    [5, 2],
  ] as const) {
    const { offer } = await api<{ offer: { offerId: number } }>(
      'POST',
      '/offers',
      { userId: admin.user.id, playerId: player.id, shares, pricePerShare: price },
      admin.token,
    );
    await api('POST', '/offers/accept', { buyerId: fan.user.id, offerId: offer.offerId }, fan.token);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  expect(pageErrors).toEqual([]);
});

describe('a retirement', () => {
  it('shows its buy-backs live on a watching ticker, tells the holder by a toast, and keeps every link to the player working', async () => {
    const watcher = await openPage(browser, server.url, DESKTOP, pageErrors);
    const holder = await openPage(browser, server.url, DESKTOP, pageErrors, fan);
    open.watcher = watcher;
    open.holder = holder;
    try {
      const page = watcher.page;
      await page.goto('/');
      const ticker = page.getByTestId('ticker');
      await ticker.getByText('5 @ $2.00').waitFor();
      // From here on the page cannot fetch the recent trades again, nor load another page.
      await page.route(/trades\.recent/, (route) => route.abort());
      await page.evaluate(() => ((window as unknown as { watching: boolean }).watching = true));

      await holder.page.goto('/transactions');
      await holder.page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
      await holder.page.getByRole('table', { name: 'Your transactions' }).getByRole('row').nth(2).waitFor();

      await api('POST', '/admin/retire-player', { playerId: player.id }, admin.token);

      // The watcher's ticker: both buy-backs, as buy-backs, linking to the player.
      const payout = ticker.getByRole('listitem').filter({ hasText: '22 @ $1.00 bought back' });
      await payout.waitFor({ timeout: 15_000 });
      await ticker.getByRole('listitem').filter({ hasText: '15 @ $1.00 bought back' }).waitFor();
      await expect(payout.getByRole('link').textContent()).resolves.toBe(player.name);
      await screenshot(page, 'retirement-ticker-1280');
      await expect(page.evaluate(() => (window as unknown as { watching?: boolean }).watching)).resolves.toBe(true);

      // The holder is told at once, and the buy-back shows in the transactions as such.
      await toast(holder.page, `${player.name} retired: 15 shares bought back at $1.00`).waitFor({ timeout: 15_000 });
      await screenshot(holder.page, 'retirement-toast-1280');
      const row = holder.page.getByRole('row').filter({ hasText: 'Bought back at retirement' });
      await row.waitFor();
      await expect(row.textContent()).resolves.toContain('15');
      await expect(holder.page.getByRole('row').filter({ hasText: 'Bought back at retirement' }).count()).resolves.toBe(1);
      await pageShot(holder.page, 'retirement-transactions-1280');

      // From the transactions to his page: marked retired, his chart, his trades, his holders at retirement.
      await row.getByRole('link', { name: player.name }).click();
      await holder.page.getByRole('heading', { name: player.name, level: 1 }).waitFor();
      await holder.page
        .getByTestId('retired-note')
        .getByText(/^Retired on /)
        .waitFor();
      await holder.page.locator('.chart-card canvas').first().waitFor();
      const trades = holder.page.getByRole('table', { name: `Recent trades of ${player.name}` });
      await trades.getByText('Bought back at retirement').first().waitFor();
      await expect(trades.getByText('Bought back at retirement').count()).resolves.toBe(2);
      await expect(holder.page.getByText('Page not found').count()).resolves.toBe(0);
      await expect(holder.page.getByRole('heading', { name: 'Buy shares' }).count()).resolves.toBe(0);
      await pageShot(holder.page, 'retired-player-1280');

      await holder.page.getByRole('link', { name: 'Holders at retirement' }).first().click();
      await holder.page.getByRole('heading', { name: `Holders of ${player.name} at retirement`, level: 1 }).waitFor();
      const holders = holder.page.getByTestId('shareholders-table');
      await holders.getByRole('row').filter({ hasText: admin.user.username }).filter({ hasText: '22' }).waitFor();
      await holders.getByRole('row').filter({ hasText: fan.user.username }).filter({ hasText: '$15.00' }).waitFor();
      await pageShot(holder.page, 'retired-shareholders-1280');

      // The home page's recent trades (and its ticker) link to him too.
      await holder.page.goto('/');
      await holder.page.getByTestId('ticker').getByRole('link', { name: player.name }).first().click();
      await holder.page.getByTestId('retired-note').waitFor();
    } finally {
      await watcher.context.close();
      await holder.context.close();
    }
  }, 120_000);

  it('fits the retired player’s pages and the transactions on a phone', async () => {
    const phone = await openPage(browser, server.url, PHONE, pageErrors, fan);
    open.phone = phone;
    try {
      const { page } = phone;
      for (const [name, path, heading] of [
        ['retired-player', `/market/${player.id}`, player.name],
        ['retired-shareholders', `/market/${player.id}/shareholders`, `Holders of ${player.name} at retirement`],
        ['retirement-transactions', '/transactions', 'Transactions'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.locator('.loading').first().waitFor({ state: 'detached' });
        await expectNoSidewaysScroll(page);
        await pageShot(page, `${name}-375`);
      }
      // On a phone the buy-back's row keeps its name, what happened and the money in view.
      const row = page.getByRole('row').filter({ hasText: 'Bought back at retirement' });
      await expect(row.getByRole('link', { name: player.name }).isVisible()).resolves.toBe(true);
    } finally {
      await phone.context.close();
    }
  }, 90_000);
});
