/**
 * The market at a glance in the browser: A buys a player's whole open market from the market
 * table, B buys some of A's shares above $1.00 — the mark moves — and the market shows it: the
 * mover strip names him with his change, his row has a sparkline and the change, the star puts
 * him on A's watchlist, and the filters (watchlist, team) survive a reload. Screenshots at 375 and
 * 1280 px under test-results/screenshots/glance-*.png, to be looked at.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, PHONE, expectNoSidewaysScroll, launchBrowser, openPage, screenshot, screenshotFailures } from './support/browser.js';
import { callApi, PASSWORD } from './support/members.js';
import { startServer, type E2eServer } from './support/server.js';

interface ApiPlayer {
  id: number;
  name: string;
  salary: number;
  team_code: string;
  shares_remaining: number;
}

const stamp = Date.now().toString(36).slice(-5);
let server: E2eServer;
let browser: Browser;
let player: ApiPlayer;
let a: { context: BrowserContext; page: Page } | undefined;
const pageErrors: string[] = [];

const api = <T>(method: string, path: string, body?: unknown, token?: string) => callApi<T>(server.url, method, path, token, body);

const register = (name: string) =>
  api<{ token: string; user: { id: number } }>('POST', '/auth/register', {
    username: `${name}_${stamp}`,
    email: `${name}.${stamp}@example.com`,
    password: PASSWORD,
  });

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
  browser = await launchBrowser();
  const players = await api<ApiPlayer[]>('GET', '/players');
  player = [...players].sort((x, y) => x.salary - y.salary)[0]!;
});

screenshotFailures(() => ({ glance: a }));

afterAll(async () => {
  await a?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the market at a glance', () => {
  it('shows a trade’s mover in the strip, a sparkline and change on its row, a star kept on the server, and filters that survive a reload', async () => {
    const alice = await register('alice');
    const bob = await register('bob');
    a = await openPage(browser, server.url, DESKTOP, pageErrors, alice);
    const { page } = a;

    // A buys the player's whole open market from the market table.
    await page.goto('/market');
    await page.getByTestId('mover-strip').waitFor();
    await page.getByRole('searchbox', { name: 'Search players' }).fill(player.name);
    await page.getByRole('button', { name: `Buy ${player.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Buy ${player.name}` });
    await dialog.getByRole('button', { name: 'Max' }).click();
    await dialog.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);

    // B buys some of A's shares above $1.00: a trade between two users, and the mark rises.
    await api('POST', '/trade/ask', { userId: bob.user.id, playerId: player.id, shares: Math.ceil(player.salary / 50), pricePerShare: 1.5 }, bob.token);

    // The strip names him among the top movers (and the most traded), with his rise.
    const up = page.getByTestId('movers-up');
    await expect.poll(() => up.getByRole('link', { name: player.name }).count(), { timeout: 15_000 }).toBe(1);
    await expect(up.locator('li').filter({ hasText: player.name }).textContent()).resolves.toMatch(/\+\d+\.\d%/);
    await expect(page.getByTestId('most-traded').getByRole('link', { name: player.name }).count()).resolves.toBe(1);

    // His row: a sparkline that says the week's move in words, and the change.
    const row = page.getByTestId(`player-row-${player.id}`);
    const spark = row.getByTestId('sparkline');
    await spark.waitFor();
    await expect(spark.getAttribute('aria-label')).resolves.toMatch(new RegExp(`^${player.name}, last 7 days: from \\$1\\.00 to \\$1\\.\\d\\d$`));
    await expect(row.locator('.change-gain').textContent()).resolves.toMatch(/\+\d+\.\d%/);

    // The star puts him on A's watchlist, on the server.
    await row.getByRole('button', { name: `Add ${player.name} to your watchlist` }).click();
    await row.getByRole('button', { name: `Remove ${player.name} from your watchlist` }).waitFor();

    // The watchlist filter and his team's, in the address: kept by a reload.
    await page.getByRole('searchbox', { name: 'Search players' }).fill('');
    // Controlled by the address: the box is checked once the page has moved there.
    await page.getByRole('checkbox', { name: 'Watchlist' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Watchlist' }).isChecked()).toBe(true);
    await page.getByRole('group', { name: 'Filter players' }).getByLabel('Team').selectOption(player.team_code);
    await expect.poll(() => new URL(page.url()).searchParams.get('watch')).toBe('1');
    await page.reload();
    await page.getByTestId(`player-row-${player.id}`).waitFor();
    await expect(page.getByRole('checkbox', { name: 'Watchlist' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('group', { name: 'Filter players' }).getByLabel('Team').inputValue()).resolves.toBe(player.team_code);
    await expect(page.locator('tbody tr[data-testid^="player-row-"]').count()).resolves.toBe(1);
    // The star came back from the server, not from the page's memory.
    await page
      .getByTestId(`player-row-${player.id}`)
      .getByRole('button', { name: `Remove ${player.name} from your watchlist` })
      .waitFor();
    await expect(page.getByText('1 of ').first().textContent()).resolves.toMatch(/^1 of [\d,]+ players$/);

    // Sorted by change, biggest rise first: he leads the unfiltered table.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('button', { name: /24h Change/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('change:desc');
    await expect.poll(() => page.locator('tbody tr[data-testid^="player-row-"]').first().getAttribute('data-testid')).toBe(`player-row-${player.id}`);
    await screenshot(page, 'glance-1280');

    // On a phone: the strips in a compact grid, the cards with the trend, nothing sideways.
    const phone = await openPage(browser, server.url, PHONE, pageErrors, alice);
    await phone.page.goto('/market?sort=change:desc');
    await phone.page.getByTestId('mover-strip').waitFor();
    await phone.page.getByTestId(`player-row-${player.id}`).getByTestId('sparkline').waitFor();
    await expectNoSidewaysScroll(phone.page);
    const strip = await phone.page.getByTestId('mover-strip').boundingBox();
    expect(strip!.x).toBeGreaterThanOrEqual(0);
    expect(strip!.x + strip!.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, 'glance-375');
    await phone.context.close();
    expect(pageErrors).toEqual([]);
  });
});
