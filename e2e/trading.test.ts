/**
 * The market side in a real browser against the built server, with two users in two browser
 * contexts: A buys a player's whole open market and sets a minimum sell price on the player page;
 * B bids above it and is filled from A at once; both see the ticker, the badges and their user box
 * change without a reload. Then an ask accepted and declined on /asks, an offer listed with the
 * Sell dialog and bought on /offers (Buy disabled on one's own offer), a cancelled ask under
 * "My orders", a dump, and a team bid. Screenshots of every market page at 1280 px and 375 px
 * land in test-results/screenshots/.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, launchBrowser, PHONE, screenshot, screenshotFailures, expectNoSidewaysScroll } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

interface Trader {
  username: string;
  email: string;
  password: string;
  context: BrowserContext;
  page: Page;
}

interface ApiPlayer {
  id: number;
  name: string;
  team_name: string;
  salary: number;
  shares_remaining: number;
}

const stamp = Date.now().toString(36);
const LONG = 90_000;

let server: E2eServer;
let browser: Browser;
const pageErrors: string[] = [];
let a: Trader;
let b: Trader;
let player: ApiPlayer;

async function newTrader(name: string, viewport = DESKTOP): Promise<Trader> {
  const context = await browser.newContext({ viewport, baseURL: server.url });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${name}: ${page.url()}: ${error.message}`));
  const trader = { username: `${name}_${stamp}`, email: `${name}.${stamp}@example.com`, password: 'correct horse battery', context, page };
  await page.goto('/register');
  await page.getByLabel('Username').fill(trader.username);
  await page.getByLabel('Email').fill(trader.email);
  await page.getByLabel('Password').fill(trader.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByTestId('user-box').getByText('$80,000,000.00').first().waitFor();
  return trader;
}

/** The number on a navigation badge (0 when none shows). */
async function badge(page: Page, label: string): Promise<number> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: new RegExp(`^${label}`) });
  const text =
    (await link
      .locator('.badge [aria-hidden="true"]')
      .textContent({ timeout: 500 })
      .catch(() => null)) ?? '0';
  return Number(text);
}

async function waitForBadge(page: Page, label: string, count: number): Promise<void> {
  await expect.poll(() => badge(page, label), { timeout: 10_000 }).toBe(count);
}

/** A toast with this text (sonner). */
function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
}

const moneyText = async (page: Page, testId: string) => (await page.getByTestId(testId).locator('.amount').textContent()) ?? '';

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
  browser = await launchBrowser();
  // The cheapest player: A can afford his whole open market at $1.00 a share.
  const players = (await (await fetch(`${server.url}/api/players`)).json()) as ApiPlayer[];
  player = [...players].sort((x, y) => x.salary - y.salary)[0]!;
  expect(player.salary).toBeLessThan(10_000_000);
});

screenshotFailures(() => ({ 'trading-a': a, 'trading-b': b }));

afterAll(async () => {
  await a?.context.close();
  await b?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('trading in the browser, live', () => {
  it(
    'A buys the open market from the market table, B bids above A’s minimum and is filled at once, both see it live',
    async () => {
      a = await newTrader('alice');
      b = await newTrader('bob');

      // A: the market table, searched, and the buy modal.
      await a.page.goto('/market');
      await a.page.getByRole('heading', { name: 'Market', level: 1 }).waitFor();
      await a.page.getByLabel('Search players').fill(player.name);
      await a.page.getByRole('button', { name: `Buy ${player.name}` }).click();
      const dialog = a.page.getByRole('dialog', { name: `Buy ${player.name}` });
      await dialog.getByTestId('availability').waitFor();
      await expect(dialog.getByTestId('availability').textContent()).resolves.toContain('on the open market at $1.00');
      await dialog.getByRole('button', { name: 'Max' }).click();
      await expect(dialog.getByLabel('Shares').inputValue()).resolves.toBe(String(player.shares_remaining));
      await expect(dialog.getByLabel('Price per share').inputValue()).resolves.toBe('1.00');
      await dialog.getByTestId('fill-preview').getByText('Market').first().waitFor();
      await screenshot(a.page, 'market-buy-modal-1280');
      // Focus stays inside the dialog; Escape closes it; open it again and buy.
      for (let i = 0; i < 12; i++) await a.page.keyboard.press('Tab');
      await expect(a.page.evaluate(() => document.activeElement?.closest('dialog') !== null)).resolves.toBe(true);
      await a.page.keyboard.press('Escape');
      await expect(dialog.count()).resolves.toBe(0);
      await a.page.getByRole('button', { name: `Buy ${player.name}` }).click();
      await dialog.getByRole('button', { name: 'Max' }).click();
      await dialog.getByRole('button', { name: 'Buy', exact: true }).click();
      await toast(a.page, `Purchased ${player.shares_remaining.toLocaleString('en-US')} shares of ${player.name} for $`).waitFor();
      // The purchase toast says the default minimum sell price (10% over the average price) is already on, and where to change it.
      await expect(toast(a.page, 'Purchased').textContent()).resolves.toContain(
        'Your minimum sell price of $1.10 (10% over your average buy price) is already on',
      );
      await expect(toast(a.page, 'Purchased').textContent()).resolves.toContain('Change it in your portfolio');

      // Both see the trade on the ticker without a reload (B is on the home page).
      await b.page.goto('/');
      await a.page.getByTestId('ticker').getByText(player.name).first().waitFor();

      // A: the player page, and the minimum sell price set to $3.00.
      await a.page.goto(`/market/${player.id}`);
      await a.page.getByRole('heading', { name: player.name, level: 1 }).waitFor();
      const holding = a.page.getByTestId('holding');
      await holding.waitFor();
      await holding.getByLabel('Min sell price').fill('3');
      await holding.getByRole('button', { name: 'Save' }).click();
      await toast(a.page, 'Min sell price updated').waitFor();
      const aBalanceBefore = await moneyText(a.page, 'user-balance');

      // B: bids 100 at $3.50 on the player page: the preview shows A's standing sell at $3.00.
      await b.page.goto(`/market/${player.id}`);
      const buy = b.page.getByRole('form', { name: `Buy ${player.name}` });
      await buy.getByTestId('availability').waitFor();
      await expect(buy.getByTestId('availability').textContent()).resolves.toContain('All shares are owned');
      // What is for sale is A's minimum price, so the range and the proposed price say $3.00, not $2.00.
      await expect(buy.getByTestId('availability').textContent()).resolves.toContain('Ask price range: $3.00');
      await expect(buy.getByLabel('Price per share').inputValue()).resolves.toBe('3.00');
      await buy.getByLabel('Shares').fill('100');
      await buy.getByLabel('Price per share').fill('3.50');
      const preview = buy.getByTestId('fill-preview');
      await preview.getByText(a.username).waitFor();
      await expect(preview.textContent()).resolves.toContain('$3.00');
      await buy.getByRole('button', { name: 'Buy', exact: true }).click();
      await toast(b.page, 'Purchased 100 shares').waitFor();

      // A sees it live: the ticker, a higher cash balance, the trade on the page.
      await expect.poll(() => moneyText(a.page, 'user-balance'), { timeout: 10_000 }).not.toBe(aBalanceBefore);
      await a.page.getByTestId('ticker').getByText('100 @ $3.00').waitFor();
      await b.page.getByTestId('ticker').getByText('100 @ $3.00').waitFor();
      await a.page.locator('#recent-trades').waitFor();
      await a.page
        .getByRole('table', { name: `Recent trades of ${player.name}` })
        .getByText(b.username)
        .first()
        .waitFor();
      await screenshot(a.page, 'player-1280');
    },
    LONG,
  );

  it(
    'follows another member’s trade in the market table without asking for the list again: the ticker brings the changed row',
    async () => {
      const players = (await (await fetch(`${server.url}/api/players`)).json()) as ApiPlayer[];
      const other = players.filter((p) => p.id !== player.id && p.shares_remaining > 100).sort((x, y) => x.salary - y.salary)[0]!;
      await a.page.goto('/market');
      await a.page.getByLabel('Search players').fill(other.name);
      const row = a.page.getByTestId(`player-row-${other.id}`);
      await row.getByText(other.shares_remaining.toLocaleString('en-US')).first().waitFor();
      const asked: string[] = [];
      const onRequest = (request: { url(): string }) => {
        if (request.url().includes('market.players')) asked.push(request.url());
      };
      a.page.on('request', onRequest);

      // B buys 7 of his shares from the open market on his page.
      await b.page.goto(`/market/${other.id}`);
      const buy = b.page.getByRole('form', { name: `Buy ${other.name}` });
      await buy.getByTestId('availability').waitFor();
      await buy.getByLabel('Shares').fill('7');
      await buy.getByLabel('Price per share').fill('1');
      await buy.getByRole('button', { name: 'Buy', exact: true }).click();
      await toast(b.page, 'Purchased 7 shares').waitFor();

      // A's row shows the shares left at once, from the ticker's change: the list was not asked for.
      await row.getByText((other.shares_remaining - 7).toLocaleString('en-US')).first().waitFor({ timeout: 10_000 });
      expect(asked).toEqual([]);
      a.page.off('request', onRequest);
      // Back where the next test starts: B on the first player's page.
      await b.page.goto(`/market/${player.id}`);
      await b.page.getByRole('form', { name: `Buy ${player.name}` }).getByTestId('availability').waitFor();
    },
    LONG,
  );

  it(
    'an ask below the minimum waits for A, who accepts part of it and declines the rest on /asks',
    async () => {
      await a.page.goto('/');
      await waitForBadge(a.page, 'Offers', 0);

      // B bids 50 at $2.00: below A's $3.00, so it rests as an ask.
      const buy = b.page.getByRole('form', { name: `Buy ${player.name}` });
      await buy.getByLabel('Shares').fill('50');
      await buy.getByLabel('Price per share').fill('2');
      await buy.getByTestId('ask-notice').waitFor();
      await expect(buy.getByTestId('ask-notice').textContent()).resolves.toContain('will be created for shareholders to accept or decline');
      await buy.getByRole('button', { name: 'Post ask' }).click();
      await toast(b.page, 'Ask posted successfully').waitFor();

      // A's Offers badge counts it, live.
      await waitForBadge(a.page, 'Offers', 1);
      await a.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /^Offers/ })
        .click();
      await a.page.getByRole('heading', { name: 'Offers For You', level: 1 }).waitFor();
      const row = a.page.getByTestId('asks-table').locator('tbody tr').first();
      await row.getByText(b.username, { exact: true }).waitFor();
      await screenshot(a.page, 'asks-1280');
      await row.getByLabel(`Shares of ${player.name} to sell to ${b.username}`).fill('10');
      await row.getByRole('button', { name: 'Accept' }).click();
      await toast(a.page, 'Ask accepted').waitFor();
      await toast(b.page, /Your ask for 10 shares of .* filled at \$2\.00/).waitFor();

      // The rest (40) is still there; A declines it and it leaves the list.
      await a.page.getByTestId('asks-table').getByText('40').first().waitFor();
      await a.page.getByTestId('asks-table').getByRole('button', { name: 'Decline' }).click();
      await a.page.getByText('No offers for you right now').waitFor();
      await waitForBadge(a.page, 'Offers', 0);

      // B still has the ask under "My orders" and cancels it.
      await b.page.goto('/offers');
      const myOrders = b.page.locator('#my-orders');
      await myOrders.getByTestId('asks-table').getByText(player.name).waitFor();
      await myOrders.getByRole('button', { name: /Cancel your ask/ }).click();
      await toast(b.page, 'Ask cancelled').waitFor();
      await myOrders.getByText('You have no open orders').waitFor();
    },
    LONG,
  );

  it(
    'A lists shares with the Sell dialog; B buys part of the offer on /offers; Buy is disabled on one’s own offer',
    async () => {
      await waitForBadge(b.page, 'Shares for Sale', 0);
      await a.page.goto(`/market/${player.id}`);
      const holding = a.page.getByTestId('holding');
      await holding.getByRole('button', { name: 'Sell' }).click();
      const sell = a.page.getByRole('dialog', { name: `Sell ${player.name}` });
      await sell.getByLabel('Shares').fill('20');
      await sell.getByLabel('Price per share').fill('4');
      await sell.getByRole('button', { name: 'Post offer' }).click();
      await toast(a.page, 'Offer posted successfully').waitFor();

      // B's badge counts the offer, live.
      await waitForBadge(b.page, 'Shares for Sale', 1);

      // A's own offer: Buy disabled, with a reason; Cancel available.
      await a.page.goto('/offers');
      const own = a.page.getByTestId('offers-table').first().locator('tbody tr').first();
      const ownBuy = own.getByRole('button', { name: /Buy/ });
      await expect(ownBuy.isDisabled()).resolves.toBe(true);
      await expect(ownBuy.getAttribute('title')).resolves.toContain('your own offer');
      await expect(own.getByRole('button', { name: /Cancel your offer/ }).count()).resolves.toBe(1);
      await screenshot(a.page, 'offers-1280');

      // B buys 5 of the 20.
      await b.page.goto('/offers');
      const row = b.page.getByTestId('offers-table').first().locator('tbody tr').first();
      await row.getByText(a.username, { exact: true }).waitFor();
      await expect(row.getByLabel(/Shares of .* to buy from/).inputValue()).resolves.toBe('20');
      await row.getByLabel(/Shares of .* to buy from/).fill('5');
      await row.getByRole('button', { name: 'Buy' }).click();
      await toast(b.page, 'Offer accepted').waitFor();
      await toast(a.page, /Your offer of 5 shares of .* sold at \$4\.00/).waitFor();
      await b.page.getByTestId('offers-table').first().getByText('15').first().waitFor();

      // A cancels the rest.
      await a.page.getByTestId('offers-table').first().getByText('15').first().waitFor();
      await a.page
        .getByTestId('offers-table')
        .first()
        .getByRole('button', { name: /Cancel your offer/ })
        .click();
      await toast(a.page, 'Offer cancelled').waitFor();
      await waitForBadge(b.page, 'Shares for Sale', 0);
    },
    LONG,
  );

  it(
    'dumps shares: the field starts empty with All, nonsense is refused with a message, "1,000"-style numbers are read, and it sells at $1.00',
    async () => {
      await a.page.goto(`/market/${player.id}`);
      const holding = a.page.getByTestId('holding');
      await holding.waitFor();
      const sharesBefore = (await holding.locator('strong').first().textContent()) ?? '';

      await holding.getByRole('button', { name: 'Dump' }).click();
      const prompt = a.page.getByRole('dialog', { name: `Dump ${player.name}` });
      await expect(prompt.getByLabel('Shares to dump').inputValue()).resolves.toBe('');
      await prompt.getByRole('button', { name: /^All \(/ }).waitFor();
      await prompt.getByLabel('Shares to dump').fill('lots');
      await prompt.getByRole('button', { name: 'Dump shares' }).click();
      await prompt.getByRole('alert').getByText('Enter a whole number of shares, like 1,000.').waitFor();
      await a.page.waitForTimeout(300);
      await expect(toast(a.page, /dumped|Dump failed/).count()).resolves.toBe(0);
      await screenshot(a.page, 'dump-dialog-1280');

      await prompt.getByLabel('Shares to dump').fill('7');
      await prompt.getByText('You get $7.00.').waitFor();
      await prompt.getByRole('button', { name: 'Dump shares' }).click();
      await toast(a.page, 'Shares dumped').waitFor();
      await expect(toast(a.page, 'Shares dumped').textContent()).resolves.toContain(`7 shares of ${player.name} sold to the open market at $1.00 each: $7.00.`);
      await expect(prompt.count()).resolves.toBe(0);
      await expect.poll(async () => (await holding.locator('strong').first().textContent()) ?? '', { timeout: 10_000 }).not.toBe(sharesBefore);
      // The market has 7 shares again.
      await a.page.getByTestId('availability').getByText('7').waitFor();
    },
    LONG,
  );

  it(
    'B buys team shares from the teams table',
    async () => {
      await b.page.goto('/teams');
      await b.page.getByTestId('teams-table').waitFor();
      const firstTeam = b.page.getByTestId('teams-table').locator('tbody tr').first();
      const teamName = (await firstTeam.locator('a.cell-strong').textContent()) ?? '';
      await firstTeam.getByRole('button', { name: `Buy ${teamName}` }).click();
      const dialog = b.page.getByRole('dialog', { name: `Buy ${teamName}` });
      await dialog.getByText('one Eastern and one Western team').waitFor();
      await dialog.getByLabel('Shares').fill('25');
      await screenshot(b.page, 'teams-buy-modal-1280');
      await dialog.getByRole('button', { name: 'Buy', exact: true }).click();
      await toast(b.page, 'Purchased 25 shares').waitFor();
    },
    LONG,
  );

  it(
    'takes screenshots of the market pages at 1280 px and 375 px',
    async () => {
      // Something on every list: A lists 10 shares at $5.00 and bids 20 at $1.50 (7 from the market, an ask for 13).
      await a.page.goto(`/market/${player.id}`);
      await a.page.getByTestId('holding').getByRole('button', { name: 'Sell' }).click();
      const sell = a.page.getByRole('dialog', { name: `Sell ${player.name}` });
      await sell.getByLabel('Shares').fill('10');
      await sell.getByLabel('Price per share').fill('5');
      await screenshot(a.page, 'market-sell-dialog-1280');
      await sell.getByRole('button', { name: 'Post offer' }).click();
      await toast(a.page, 'Offer posted successfully').waitFor();
      const buy = a.page.getByRole('form', { name: `Buy ${player.name}` });
      await buy.getByLabel('Shares').fill('20');
      await buy.getByLabel('Price per share').fill('1.5');
      await buy.getByRole('button', { name: 'Buy', exact: true }).click();
      await toast(a.page, `Purchased 7 shares of ${player.name} for $7.00 and posted an ask for the rest`).waitFor();
      await waitForBadge(b.page, 'Offers', 1);
      await waitForBadge(b.page, 'Shares for Sale', 1);

      const teamId = 1;
      const pages = [
        ['home', '/'],
        ['market', '/market'],
        ['player', `/market/${player.id}`],
        ['player-shareholders', `/market/${player.id}/shareholders`],
        ['offers', '/offers'],
        ['asks', '/asks'],
        ['teams', '/teams'],
        ['team', `/teams/${teamId}`],
      ] as const;
      for (const [label, viewport] of [
        ['1280', DESKTOP],
        ['375', PHONE],
      ] as const) {
        await b.page.setViewportSize(viewport);
        for (const [name, path] of pages) {
          await b.page.goto(path);
          await b.page.locator('h1').first().waitFor();
          await b.page
            .locator('.loading')
            .first()
            .waitFor({ state: 'detached', timeout: 10_000 })
            .catch(() => undefined);
          if (name === 'player' || name === 'team')
            await b.page.locator('.price-chart canvas, section[aria-labelledby="price-history"] p.muted').first().waitFor();
          await expectNoSidewaysScroll(b.page);
          await screenshot(b.page, `${name}-${label}`);
        }
      }
      // The buy modal at phone width.
      await b.page.goto('/market');
      await b.page.getByLabel('Search players').fill(player.name);
      await b.page.getByRole('button', { name: `Buy ${player.name}` }).click();
      const modal = b.page.getByRole('dialog', { name: `Buy ${player.name}` });
      await modal.getByLabel('Shares').fill('30');
      await modal.getByLabel('Price per share').fill('6');
      await modal.getByTestId('fill-preview').getByText(a.username).first().waitFor();
      await expectNoSidewaysScroll(b.page);
      await screenshot(b.page, 'market-buy-modal-375');
      await b.page.keyboard.press('Escape');

      // The home page of an anonymous visitor has the trades too.
      const anon = await browser.newContext({ viewport: PHONE, baseURL: server.url });
      const page = await anon.newPage();
      await page.goto('/');
      await page.getByRole('table', { name: /latest 10 trades/ }).waitFor();
      await page.getByTestId('ticker').getByText(player.name).first().waitFor();
      await screenshot(page, 'home-anonymous-375');
      await anon.close();
      expect(pageErrors).toEqual([]);
    },
    LONG,
  );
});
