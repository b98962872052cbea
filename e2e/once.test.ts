/**
 * Every action happens once (docs/rules.md), in a real browser against the built server: a
 * double-click on Buy, Post offer, Accept (an ask), Buy (an offer), Cancel, Dump, Create league and
 * Run draft does each exactly once; every button is locked, with a visible pending state, from the
 * first click until the answer; a retry after a dropped connection and a resubmission after a reload
 * mid-action reuse the submission's idempotency key, so the server answers the first answer.
 * Screenshots (the pending state, the pages touched) at 1280 px and 375 px land in test-results/screenshots/.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, expectNoSidewaysScroll, launchBrowser, openPage, PHONE, screenshot, screenshotFailures } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const run = promisify(execFile);
const stamp = Date.now().toString(36);
const LONG = 120_000;

interface User {
  id: number;
  token: string;
  username: string;
  session: { token: string; user: unknown };
  page: Page;
}

let server: E2eServer;
let browser: Browser;
const pageErrors: string[] = [];
let alice: User;
let bob: User;
let player: { id: number; name: string; salary: number };

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function newUser(name: string): Promise<User> {
  const username = `${name}_${stamp}`;
  const { token, user } = await api<{ token: string; user: { id: number; username: string } }>('POST', '/auth/register', {
    username,
    email: `${name}.${stamp}@example.com`,
    password: 'correct horse battery',
  });
  const session = { token, user };
  const { page } = await openPage(browser, server.url, DESKTOP, pageErrors, session);
  return { id: user.id, token, username, session, page };
}

const toast = (page: Page, text: string | RegExp): Locator => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** The user's shares of the test's player, as the server has them. */
const portfolioOf = (u: User) => api<{ players: { player_id: number; shares_owned: number }[] }>('GET', `/portfolio/${u.id}`);
const held = async (u: User) => (await portfolioOf(u)).players.find((p) => p.player_id === player.id)?.shares_owned ?? 0;
const myOrders = (u: User) =>
  api<{ asks: { askId: number; shares_available: number }[]; offers: { offerId: number; shares_offered: number }[] }>('GET', '/asks/mine', undefined, u.token);
const tradesOf = async (u: User) => (await api<unknown[]>('GET', `/trades/user/${u.id}?limit=200`, undefined, u.token)).length;

/** Alice's offer's row on /offers, opened on `page`. */
async function aliceOfferOn(page: Page): Promise<Locator> {
  await page.goto('/offers');
  return page.getByTestId('offers-table').first().locator('tbody tr').filter({ hasText: alice.username }).first();
}

/** Holds the next call to `procedure` until `release` is called: the button's pending state stays on screen meanwhile. */
async function holdNext(page: Page, procedure: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    `**/trpc/${procedure}**`,
    async (route) => {
      await gate;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
  browser = await launchBrowser();
  // The smallest contract of a million dollars or more: Alice buys its whole open market, so later bids wait for holders.
  const players = await api<{ id: number; name: string; salary: number }[]>('GET', '/players');
  player = [...players].filter((p) => p.salary >= 1_000_000).sort((x, y) => x.salary - y.salary)[0]!;
  alice = await newUser('alice');
  bob = await newUser('bob');
}, LONG);

screenshotFailures(() => ({ 'once-alice': alice, 'once-bob': bob }));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a double-click does it once', () => {
  it(
    'Buy: one purchase (the whole open market), the button locked and saying "Buying…" until the answer',
    async () => {
      const { page } = alice;
      await page.goto(`/market/${player.id}`);
      const form = page.getByRole('form', { name: `Buy ${player.name}` });
      await form.getByLabel('Shares').fill(String(player.salary));
      await form.getByLabel('Price per share').fill('1');
      const release = await holdNext(page, 'trade.buy');
      const buy = form.getByRole('button', { name: 'Buy', exact: true });
      await buy.dblclick();
      const pending = form.getByRole('button', { name: 'Buying…' });
      await pending.waitFor();
      await expect(pending.isDisabled()).resolves.toBe(true);
      await expect(pending.getAttribute('aria-busy')).resolves.toBe('true');
      await screenshot(page, 'once-buy-pending-1280');
      release();
      const count = player.salary.toLocaleString('en-US');
      await toast(page, `Purchased ${count} shares of ${player.name} for $${count}.00`).waitFor();
      await expect(toast(page, 'Purchased').textContent()).resolves.toContain(
        'Your minimum sell price of $1.10 (10% over your average buy price) is already on',
      );
      await screenshot(page, 'once-buy-toast-1280');
      expect(await held(alice)).toBe(player.salary);
      expect(await tradesOf(alice)).toBe(1);
    },
    LONG,
  );

  it(
    'Post offer: one offer, even when the first answer is lost and the retry sends the same key',
    async () => {
      const { page } = alice;
      await page.goto(`/market/${player.id}`);
      await page.getByTestId('holding').getByRole('button', { name: 'Sell' }).click();
      const sell = page.getByRole('dialog', { name: `Sell ${player.name}` });
      await sell.getByLabel('Shares').fill('10');
      await sell.getByLabel('Price per share').fill('5');
      // The server gets the first send and answers it, but the connection drops before the answer arrives.
      let sends = 0;
      await page.route('**/trpc/trade.listOffer**', async (route) => {
        sends += 1;
        if (sends === 1) {
          await route.fetch();
          await route.abort('connectionreset');
        } else await route.continue();
      });
      await sell.getByRole('button', { name: 'Post offer' }).dblclick();
      await toast(page, 'Offer posted successfully').waitFor();
      await page.unroute('**/trpc/trade.listOffer**');
      expect(sends).toBe(2);
      expect((await myOrders(alice)).offers).toEqual([expect.objectContaining({ shares_offered: 10 })]);
    },
    LONG,
  );

  it(
    'Buy (an offer): one purchase of the offer’s shares',
    async () => {
      const { page } = bob;
      const row = await aliceOfferOn(page);
      await row.getByLabel(/Shares of .* to buy from/).fill('2');
      await row.getByRole('button', { name: 'Buy' }).dblclick();
      await toast(page, 'Offer accepted').waitFor();
      await expect(toast(page, 'Offer accepted').textContent()).resolves.toContain(`Bought 2 shares of ${player.name} for $10.00.`);
      expect(await held(bob)).toBe(2);
      expect((await myOrders(alice)).offers).toEqual([expect.objectContaining({ shares_offered: 8 })]);
    },
    LONG,
  );

  it(
    'Buy (an offer): the second click of a double-click, landing after the answer, buys nothing more',
    async () => {
      const { page } = bob;
      const row = await aliceOfferOn(page);
      const shares = row.getByLabel(/Shares of .* to buy from/);
      const buy = row.getByRole('button', { name: 'Buy' });
      const before = await held(bob);
      let answers = 0;
      const counted = (response: { url(): string }) => void (response.url().includes('trade.acceptOffer') && answers++);
      page.on('response', counted);
      const box = (await buy.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await shares.fill('1');
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.up();
      await toast(page, 'Bought 1 share').waitFor();
      await expect(buy.isEnabled()).resolves.toBe(true);
      // The same double-click's second click (its click count 2), landing after the answer unlocked the button.
      await page.mouse.down({ clickCount: 2 });
      await page.mouse.up({ clickCount: 2 });
      // Then a purchase of its own (3 shares), once the button is free again, answered after anything the second click sent.
      await expect.poll(() => buy.getAttribute('aria-busy')).toBeNull();
      await shares.fill('3');
      await page.mouse.down();
      await page.mouse.up();
      await toast(page, 'Bought 3 shares').waitFor();
      page.off('response', counted);
      expect(answers).toBe(2);
      expect(await held(bob)).toBe(before + 4);
    },
    LONG,
  );

  it(
    'Cancel: the offer cancelled once, with no error for a second click',
    async () => {
      const { page } = alice;
      await page.goto('/offers');
      const cancel = page.locator('#my-orders').getByRole('button', { name: /Cancel your offer/ });
      await cancel.dblclick();
      await toast(page, 'Offer cancelled').waitFor();
      await page.locator('#my-orders').getByText('You have no open orders').waitFor();
      await expect(toast(page, /Failed|no longer open/).count()).resolves.toBe(0);
      expect((await myOrders(alice)).offers).toEqual([]);
    },
    LONG,
  );

  it(
    'Accept (an ask): 5 of a 10-share ask sold once, 5 still asked',
    async () => {
      // Alice's minimum price above Bob's bid, so the bid waits for her.
      await api('PUT', `/portfolio/${alice.id}/min-sell-price/${player.id}`, { minSellPrice: 50 }, alice.token);
      await api('POST', '/trade/ask', { userId: bob.id, playerId: player.id, shares: 10, pricePerShare: 2 }, bob.token);
      const before = await held(alice);
      const { page } = alice;
      await page.goto('/asks');
      const row = page.getByTestId('asks-table').locator('tbody tr').filter({ hasText: bob.username }).first();
      await row.getByLabel(`Shares of ${player.name} to sell to ${bob.username}`).fill('5');
      await row.getByRole('button', { name: 'Accept' }).dblclick();
      await toast(page, 'Ask accepted').waitFor();
      await expect(toast(page, 'Ask accepted').textContent()).resolves.toContain(`Sold 5 shares of ${player.name} for $10.00.`);
      expect(await held(alice)).toBe(before - 5);
      expect((await myOrders(bob)).asks).toEqual([expect.objectContaining({ shares_available: 5 })]);
    },
    LONG,
  );

  it(
    'Dump: "1,000" dumps a thousand, once',
    async () => {
      const before = await held(alice);
      const { page } = alice;
      await page.goto(`/market/${player.id}`);
      await page.getByTestId('holding').getByRole('button', { name: 'Dump' }).click();
      const prompt = page.getByRole('dialog', { name: `Dump ${player.name}` });
      await prompt.getByLabel('Shares to dump').fill('1,000');
      await prompt.getByText('You get $1,000.00.').waitFor();
      await screenshot(page, 'once-dump-dialog-1280');
      await prompt.getByRole('button', { name: 'Dump shares' }).dblclick();
      await toast(page, 'Shares dumped').waitFor();
      expect(await held(alice)).toBe(before - 1_000);
    },
    LONG,
  );

  it(
    'Buy after a reload mid-action: the same order sent again gets the first answer, not a second purchase',
    async () => {
      const { page } = bob;
      await page.goto(`/market/${player.id}`);
      const before = await held(bob);
      const form = () => page.getByRole('form', { name: `Buy ${player.name}` });
      await form().getByLabel('Shares').fill('30');
      await form().getByLabel('Price per share').fill('1');
      // The server carries the order out; its answer (and every retry's) is lost on the way, and the page is reloaded.
      let reached = false;
      const loseAnswers = async (route: Route) => {
        await route.fetch();
        reached = true;
        await route.abort('connectionreset');
      };
      await page.route('**/trpc/trade.buy**', loseAnswers);
      await form().getByRole('button', { name: 'Buy', exact: true }).click();
      await expect.poll(() => reached, { timeout: 10_000 }).toBe(true);
      expect(await held(bob)).toBe(before + 30);
      await page.reload();
      await page.unroute('**/trpc/trade.buy**', loseAnswers);
      await form().getByLabel('Shares').fill('30');
      await form().getByLabel('Price per share').fill('1');
      await form().getByRole('button', { name: 'Buy', exact: true }).click();
      await toast(page, `Purchased 30 shares of ${player.name} for $30.00`).waitFor();
      expect(await held(bob)).toBe(before + 30);
      // A new deliberate order of the same size is a new purchase.
      await form().getByLabel('Shares').fill('30');
      await form().getByRole('button', { name: 'Buy', exact: true }).click();
      await expect.poll(() => held(bob), { timeout: 10_000 }).toBe(before + 60);
    },
    LONG,
  );

  it(
    'Create league: one league',
    async () => {
      const { page } = bob;
      const before = (await api<{ leagues: unknown[] }>('GET', '/leagues', undefined, bob.token)).leagues.length;
      await page.goto('/leagues');
      const form = page.getByTestId('create-league');
      await form.getByLabel('League name').fill(`Once ${stamp}`);
      const release = await holdNext(page, 'leagues.create');
      await form.getByRole('button', { name: 'Create the league' }).dblclick();
      await form.getByRole('button', { name: 'Creating…' }).waitFor();
      await screenshot(page, 'once-create-league-pending-1280');
      release();
      await page.waitForURL(/\/l\/[^/]+\/settings$/);
      const after = await api<{ leagues: { name: string }[] }>('GET', '/leagues', undefined, bob.token);
      expect(after.leagues).toHaveLength(before + 1);
      expect(after.leagues.filter((l) => l.name === `Once ${stamp}`)).toHaveLength(1);
    },
    LONG,
  );

  it(
    'Run draft: 60 rookies, not 120',
    async () => {
      await run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'grant', alice.username], {
        cwd: projectRoot,
        env: { ...process.env, NODE_ENV: 'production', DATA_DIR: server.dataDir },
      });
      const count = async () => (await api<unknown[]>('GET', '/players')).length;
      const before = await count();
      const { page } = alice;
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Run rookie draft' }).click();
      const confirm = page.getByRole('dialog', { name: 'Run the rookie draft?' });
      await confirm.getByRole('button', { name: 'Run the draft' }).dblclick();
      await toast(page, 'Draft simulated').waitFor();
      await expect.poll(count, { timeout: 10_000 }).toBe(before + 60);
      await page.waitForTimeout(500);
      expect(await count()).toBe(before + 60);
    },
    LONG,
  );

  it(
    'shows the pages it touched at 1280 px and 375 px, with nothing scrolling sideways',
    async () => {
      for (const [label, viewport] of [
        ['1280', DESKTOP],
        ['375', PHONE],
      ] as const) {
        await alice.page.setViewportSize(viewport);
        for (const [name, path] of [
          ['player', `/market/${player.id}`],
          ['portfolio', '/portfolio'],
          ['offers', '/offers'],
          ['leagues', '/leagues'],
          ['admin', '/admin'],
        ] as const) {
          await alice.page.goto(path);
          await alice.page.locator('h1').first().waitFor();
          await alice.page
            .locator('.loading')
            .first()
            .waitFor({ state: 'detached', timeout: 10_000 })
            .catch(() => undefined);
          await expectNoSidewaysScroll(alice.page);
          await screenshot(alice.page, `once-${name}-${label}`);
        }
      }
      await alice.page.goto(`/market/${player.id}`);
      await alice.page.getByTestId('holding').getByRole('button', { name: 'Dump' }).click();
      await alice.page
        .getByRole('dialog')
        .getByRole('button', { name: /^All \(/ })
        .click();
      await expectNoSidewaysScroll(alice.page);
      await screenshot(alice.page, 'once-dump-dialog-375');
      expect(pageErrors).toEqual([]);
    },
    LONG,
  );
});
