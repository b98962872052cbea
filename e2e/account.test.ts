/**
 * The account side in a real browser against the built server: username and avatar on the
 * portfolio page (seen in the user box), a trade made over the REST API showing on the portfolio
 * (min sell price Save), transactions, the public page, the leaderboard and the statistics, and the
 * admin page (draft, salary, retire; a refused action shows no success text). Screenshots of each
 * page at 1280 px and 375 px go to test-results/screenshots/.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, launchBrowser, PHONE, screenshot, expectNoSidewaysScroll, openPage } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const run = promisify(execFile);
const stamp = Date.now().toString(36).slice(-5);
const alice = { username: `alice_${stamp}`, renamed: `Alice_${stamp}_x`, email: `alice.${stamp}@example.com`, password: 'correct horse battery' };
const bob = { username: `bob_${stamp}`, email: `bob.${stamp}@example.com`, password: 'correct horse battery' };

let server: E2eServer;
let browser: Browser;
const pageErrors: string[] = [];
/** Alice's session, shared by the tests in order. */
let aliceId = 0;
let aliceToken = '';
let bobId = 0;
let player: { id: number; name: string; salary: number } = { id: 0, name: '', salary: 0 };

const newPage = (viewport: { width: number; height: number }, session?: { token: string; user: unknown }) =>
  openPage(browser, server.url, viewport, pageErrors, session);

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function aliceSession() {
  const user = await api<{ id: number; username: string; isAdmin: boolean; avatar: string | null }>('GET', `/users/${aliceId}`);
  return { token: aliceToken, user: user.body };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A screenshot once the toasts have closed (they cover the header) and any chart is drawn. */
async function pageShot(page: Page, name: string): Promise<void> {
  await page.locator('.loading').first().waitFor({ state: 'detached' });
  if ((await page.locator('.value-chart').count()) > 0) await page.locator('.value-chart-canvas canvas').first().waitFor();
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.waitForTimeout(200);
  await screenshot(page, name);
}

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
  browser = await launchBrowser();
  const players = await api<{ id: number; name: string; salary: number }[]>('GET', '/players');
  player = [...players.body].sort((a, b) => a.salary - b.salary || a.id - b.id)[0]!;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('account pages', () => {
  it('registers, renames and uploads an avatar on the portfolio page, seen in the user box', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      await page.goto('/register');
      await page.getByLabel('Username').fill(alice.username);
      await page.getByLabel('Email').fill(alice.email);
      await page.getByLabel('Password').fill(alice.password);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByTestId('user-box').getByText(alice.username).waitFor();
      aliceToken = (await page.evaluate(() => localStorage.getItem('hoops.token'))) ?? '';
      aliceId = (JSON.parse((await page.evaluate(() => localStorage.getItem('hoops.user'))) ?? '{}') as { id: number }).id;
      expect(aliceToken).toBeTruthy();

      await page.goto('/portfolio');
      await page.getByRole('heading', { name: 'Portfolio', level: 1 }).waitFor();
      await page.getByText('No player shares yet').waitFor();

      // Username: trimmed; empty is ignored.
      const username = page.getByLabel('Username');
      await username.fill('   ');
      await page.getByRole('button', { name: 'Save username' }).click();
      await expect(username.inputValue()).resolves.toBe(alice.username);
      await username.fill(`  ${alice.renamed} `);
      await page.getByRole('button', { name: 'Save username' }).click();
      await toast(page, 'Username updated').waitFor();
      await page.getByTestId('user-box').getByText(alice.renamed).waitFor();
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('hoops.user'))) ?? '{}')).toMatchObject({ username: alice.renamed });

      // A file that is not a picture is refused in the browser.
      const picker = page.getByLabel('Change avatar');
      await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
      await toast(page, 'Invalid file type').waitFor();

      // A real PNG: resized by the server, shown in the user box.
      const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c8102e' } })
        .png()
        .toBuffer();
      await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await toast(page, 'Avatar updated').waitFor();
      const boxAvatar = page.getByTestId('user-box').locator('img.avatar');
      await boxAvatar.waitFor();
      await expect(boxAvatar.getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
      const stored = await api<{ avatar: string }>('GET', `/users/${aliceId}`);
      const meta = await sharp(Buffer.from(stored.body.avatar.split(',')[1]!, 'base64')).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 128, height: 128 });

      // The shareable link.
      await expect(page.getByLabel('Public portfolio link').inputValue()).resolves.toBe(`${server.url}/public/${aliceId}`);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('shows a trade on the portfolio, transactions, public page, leaderboard and statistics', async () => {
    // Alice buys every open-market share of the smallest contract; Bob's bid then fills from her
    // standing sell (10% over her $1.00): a trade between two users.
    const all = await api<{ sharesPurchased: number }>(
      'POST',
      '/trade/ask',
      { userId: aliceId, playerId: player.id, shares: player.salary, pricePerShare: 1 },
      aliceToken,
    );
    expect(all.status).toBe(200);
    const b = await api<{ token: string; user: { id: number } }>('POST', '/auth/register', bob);
    expect(b.status).toBe(200);
    bobId = b.body.user.id;
    const bid = await api<{ sharesPurchased: number }>(
      'POST',
      '/trade/ask',
      { userId: bobId, playerId: player.id, shares: 10, pricePerShare: 3 },
      b.body.token,
    );
    expect(bid).toMatchObject({ status: 200, body: { sharesPurchased: 10 } });

    const teams = await api<{ id: number; name: string }[]>('GET', '/teams');
    const team = teams.body[0]!;
    expect((await api('POST', '/teams/bid', { userId: aliceId, teamId: team.id, shares: 500, pricePerShare: 1 }, aliceToken)).status).toBe(200);

    const { context, page } = await newPage(DESKTOP, await aliceSession());
    try {
      await page.goto('/portfolio');
      const teamRow = page.getByRole('table', { name: `Your team holdings` }).getByRole('row').filter({ hasText: team.name });
      await teamRow.getByText(/Locked until/).waitFor();
      await expect(teamRow.getByRole('button', { name: 'Sell', exact: true }).isDisabled()).resolves.toBe(true);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: player.name }) });
      await row.waitFor();
      await expect(row.textContent()).resolves.toContain((player.salary - 10).toLocaleString('en-US'));
      await page.locator('.value-chart-canvas canvas').first().waitFor();

      const price = row.getByLabel(`Minimum sell price for ${player.name}`, { exact: true });
      await expect(price.inputValue()).resolves.toBe('1.10');
      await price.fill('0');
      await row.getByRole('button', { name: `Save the minimum sell price for ${player.name}` }).click();
      await toast(page, 'Invalid price').waitFor();
      await price.fill('2.5');
      await row.getByRole('button', { name: `Save the minimum sell price for ${player.name}` }).click();
      await toast(page, 'Min sell price updated').waitFor();
      await expect.poll(() => price.inputValue()).toBe('2.50');
      const portfolio = await api<{ players: { player_id: number; min_sell_price: number }[] }>('GET', `/portfolio/${aliceId}`);
      expect(portfolio.body.players.find((p) => p.player_id === player.id)?.min_sell_price).toBe(2.5);
      await pageShot(page, 'portfolio-1280');

      await page.goto('/transactions');
      await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'Your transactions' });
      await table.waitFor();
      // Header, the team purchase, the sale to Bob, the open-market purchase.
      await expect(table.getByRole('row').count()).resolves.toBe(4);
      await expect(table.textContent()).resolves.toContain('Bought');
      await table.getByRole('link', { name: team.name }).waitFor();
      await page.getByLabel('Search transactions').fill('sold');
      await expect.poll(() => table.getByRole('row').count()).toBe(2);
      await expect(table.textContent()).resolves.toContain(bob.username);
      await page.getByLabel('Search transactions').fill('');
      await pageShot(page, 'transactions-1280');

      await page.goto(`/public/${aliceId}`);
      await page.getByRole('heading', { name: `${alice.renamed}’s portfolio` }).waitFor();
      await page
        .getByRole('table', { name: `${alice.renamed}’s player shares` })
        .getByRole('link', { name: player.name })
        .waitFor();
      await expect(page.getByRole('button', { name: /Save/ }).count()).resolves.toBe(0);
      await expect(page.locator('.public-owner img.avatar').getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
      await pageShot(page, 'public-1280');

      await page.goto('/leaderboard');
      const board = page.getByRole('table', { name: 'Top 10 players by share value' });
      await board.waitFor();
      const first = board.getByRole('row').nth(1);
      await expect(first.textContent()).resolves.toContain(alice.renamed);
      await first.getByTitle('1st place, gold').waitFor();
      await board.getByRole('link', { name: bob.username }).waitFor();
      await pageShot(page, 'leaderboard-1280');

      await page.goto('/statistics');
      for (const title of ['Most Valuable', 'Most Active', 'Most Shareholders', 'Islands']) {
        await page.getByRole('heading', { name: title }).waitFor();
      }
      const valuable = page.getByRole('table', { name: 'Most Valuable' });
      await valuable.getByRole('link', { name: player.name }).waitFor();
      await expect(valuable.textContent()).resolves.toContain('$1.10');
      await page.getByRole('table', { name: 'Most Active' }).getByRole('link', { name: player.name }).waitFor();
      await pageShot(page, 'statistics-1280');
    } finally {
      await context.close();
    }
  }, 90_000);

  it('lets an admin update a salary, draft and retire; a refused action shows no success text', async () => {
    await run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'grant', alice.renamed], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: server.dataDir },
    });
    const { context, page } = await newPage(DESKTOP, await aliceSession());
    try {
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).waitFor();

      await page.getByLabel('Search players').fill(player.name);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: player.name }) });
      await row.waitFor();
      const salary = row.getByLabel(`New salary for ${player.name}`);
      const update = row.getByRole('button', { name: `Update the salary of ${player.name}` });

      // Refused by the server (above the largest salary): the failure text, never the success text.
      await salary.fill('2000000000');
      await update.click();
      await toast(page, 'Update failed').waitFor();
      await expect(toast(page, 'Salary updated').count()).resolves.toBe(0);

      // A salary change asks first, naming old → new, the ratio and the holdings it rescales in how many leagues.
      await salary.fill('2,000,000');
      await update.click();
      const confirmSalary = page.getByRole('dialog', { name: `Change ${player.name}’s salary?` });
      const figures = confirmSalary.getByTestId('contract-preview');
      await figures.getByText(`Salary $${player.salary.toLocaleString('en-US')} → $2,000,000: ×`).waitFor();
      // Alice and Bob hold him.
      await figures
        .getByText(
          new RegExp(
            `^2 holdings of ${player.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} and \\d+ of the .+, in the one league, are rescaled: shares ×[\\d.]+, rounded down\\.$`,
          ),
        )
        .waitFor();
      await pageShot(page, 'admin-salary-dialog-1280');
      // Cancelled, nothing changes.
      await confirmSalary.getByRole('button', { name: 'Cancel' }).click();
      await confirmSalary.waitFor({ state: 'detached' });
      await expect(api<{ id: number; salary: number }[]>('GET', '/players').then((r) => r.body.find((p) => p.id === player.id)!.salary)).resolves.toBe(
        player.salary,
      );
      await update.click();
      await confirmSalary.getByRole('button', { name: 'Change the salary' }).click();
      await toast(page, 'Salary updated').waitFor();
      await row.getByText('$2,000,000').waitFor();
      const audit = page.getByRole('table', { name: /admin actions/ });
      await audit.getByText('player.salary').waitFor();

      // The draft: the page says none ran yet; confirmed with a double click, it runs once, then says when the next may run.
      const draftStatus = page.getByTestId('draft-status');
      await draftStatus.getByText('No draft has run yet.').waitFor();
      await page.getByRole('button', { name: 'Run rookie draft' }).click();
      await page.getByRole('dialog', { name: 'Run the rookie draft?' }).getByRole('button', { name: 'Run the draft' }).dblclick();
      await toast(page, 'Draft simulated').waitFor();
      await audit.getByText('draft', { exact: true }).waitFor();
      await draftStatus.getByText(/^Last draft: .+\. The next can run from .+\.$/).waitFor();
      await expect(page.getByRole('button', { name: 'Run rookie draft' }).isDisabled()).resolves.toBe(true);
      await expect(audit.getByText('draft', { exact: true }).count()).resolves.toBe(1);
      const rookies = (await api<{ restricted_until: string | null }[]>('GET', '/players')).body.filter((p) => p.restricted_until !== null);
      expect(rookies).toHaveLength(60);

      // A retirement asks first too, with what it buys back.
      const players = await api<{ id: number; name: string }[]>('GET', '/players');
      const retiree = players.body.find((p) => p.id !== player.id)!;
      await page.getByLabel('Search players').fill(retiree.name);
      await page.getByRole('button', { name: `Retire ${retiree.name}` }).click();
      const confirmRetire = page.getByRole('dialog', { name: `Retire ${retiree.name}?` });
      await confirmRetire.getByTestId('contract-preview').getByText(`Nobody holds ${retiree.name} in the league: nothing is bought back.`).waitFor();
      await confirmRetire.getByText('He leaves the market; his page and his history stay.').waitFor();
      await pageShot(page, 'admin-retire-dialog-1280');
      await confirmRetire.getByRole('button', { name: `Retire ${retiree.name}` }).click();
      await toast(page, 'Player retired').waitFor();
      await page.getByText('No players match your search').waitFor();
      await page.getByLabel('Search players').fill('');
      await page.getByText(/^50 of \d+ shown/).waitFor();

      // The value chart still starts at $80,000,000: the salary change, the draft and the retirement are undone.
      const history = await api<{ points: { totalValue: number }[] }>('GET', `/portfolio/${aliceId}/history`);
      const now = await api<{ totalValue: number }>('GET', `/portfolio/${aliceId}`);
      expect(history.body.points[0]!.totalValue).toBe(80_000_000);
      expect(history.body.points.at(-1)!.totalValue).toBe(now.body.totalValue);
      await pageShot(page, 'admin-1280');
    } finally {
      await context.close();
    }
  }, 90_000);

  it('fits every account page on a phone, and saves screenshots at 375 px', async () => {
    const { context, page } = await newPage(PHONE, await aliceSession());
    try {
      const pages = [
        ['portfolio', '/portfolio', 'Player Shares'],
        ['transactions', '/transactions', 'Transactions'],
        ['public', `/public/${aliceId}`, 'Player Shares'],
        ['leaderboard', '/leaderboard', 'Leaderboard'],
        ['statistics', '/statistics', 'Islands'],
        ['admin', '/admin', 'Audit log'],
      ] as const;
      for (const [name, path, heading] of pages) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        await pageShot(page, `${name}-375`);
        await expectNoSidewaysScroll(page);
      }
      // The admin's confirmations on a phone: their figures in view.
      await page.getByLabel('Search players').fill(player.name);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: player.name }) });
      await row.getByLabel(`New salary for ${player.name}`).fill('3000000');
      await row.getByRole('button', { name: `Update the salary of ${player.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Change ${player.name}’s salary?` });
      await dialog.getByTestId('contract-preview').getByText('Salary $2,000,000 → $3,000,000: ×1.5 (+50%).').waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'admin-salary-dialog-375');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await row.getByRole('button', { name: `Retire ${player.name}` }).click();
      await page
        .getByRole('dialog', { name: `Retire ${player.name}?` })
        .getByTestId('contract-preview')
        .waitFor();
      await screenshot(page, 'admin-retire-dialog-375');
    } finally {
      await context.close();
    }
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
