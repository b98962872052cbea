/**
 * Leagues in a real browser against the built server: A creates a league and copies its invite
 * link; B opens the link signed out, registers, is led back and joins; both trade in the league;
 * A switches back to the default league and finds it untouched. Then the commissioner's settings
 * (invite-only pages, a new invite link, removing a member), and screenshots of /leagues, the
 * settings, the open switcher and the join page at 1280 px and 375 px (test-results/screenshots/).
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, expectNoSidewaysScroll, launchBrowser, openPage, PHONE, screenshot, screenshotFailures } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

interface Person {
  username: string;
  email: string;
  password: string;
  context: BrowserContext;
  page: Page;
}

interface ApiPlayer {
  id: number;
  name: string;
  salary: number;
}

const stamp = Date.now().toString(36);
const LONG = 90_000;
const LEAGUE_NAME = `Friday Five ${stamp}`;
const DEFAULT_BALANCE = '$80,000,000.00';

let server: E2eServer;
let browser: Browser;
const pageErrors: string[] = [];
let a: Person;
let b: Person;
let player: ApiPlayer;
let leagueSlug = '';
let inviteUrl = '';

function person(name: string, context: BrowserContext, page: Page): Person {
  page.on('pageerror', (error) => pageErrors.push(`${name}: ${page.url()}: ${error.message}`));
  return { username: `${name}_${stamp}`, email: `${name}.${stamp}@example.com`, password: 'correct horse battery', context, page };
}

async function fillRegister(page: Page, who: Person): Promise<void> {
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Register' }).click();
}

/** A toast with this text (sonner). */
function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
}

const moneyText = async (page: Page, testId: string) => (await page.getByTestId(testId).locator('.amount').textContent()) ?? '';

/** Buys `shares` of the test's player from the market table at $1.00. */
async function buyFromMarket(page: Page, shares: number): Promise<void> {
  await page.getByRole('heading', { name: 'Market', level: 1 }).waitFor();
  await page.getByLabel('Search players').fill(player.name);
  await page.getByRole('button', { name: `Buy ${player.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Buy ${player.name}` });
  await dialog.getByTestId('availability').waitFor();
  await dialog.getByLabel('Shares').fill(String(shares));
  await dialog.getByLabel('Price per share').fill('1');
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click();
  await toast(page, `Purchased ${shares.toLocaleString('en-US')} shares`).waitFor();
}

/** The session the app keeps in local storage, to open the same user in another context. */
async function sessionOf(page: Page): Promise<{ token: string; user: unknown }> {
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('hoops.token'), user: localStorage.getItem('hoops.user') }));
  return { token: stored.token ?? '', user: JSON.parse(stored.user ?? 'null') as unknown };
}

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
  browser = await launchBrowser();
  const players = (await (await fetch(`${server.url}/api/players`)).json()) as ApiPlayer[];
  player = [...players].sort((x, y) => x.salary - y.salary)[0]!;
});

screenshotFailures(() => ({ 'leagues-a': a, 'leagues-b': b }));

afterAll(async () => {
  await a?.context.close();
  await b?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('leagues in the browser', () => {
  it(
    'A creates a league and copies its invite link; B opens it signed out, registers, comes back and joins',
    async () => {
      const aContext = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
      await aContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      a = person('ann', aContext, await aContext.newPage());
      await a.page.goto('/register');
      await fillRegister(a.page, a);
      const aBox = a.page.getByTestId('user-box');
      await aBox.getByText(DEFAULT_BALANCE).first().waitFor();

      // With the default league only, leagues show as a plain link and nothing else.
      await expect(aBox.getByTestId('league-switcher').count()).resolves.toBe(0);
      await aBox.getByTestId('leagues-link').click();
      await a.page.getByRole('heading', { name: 'Leagues', level: 1 }).waitFor();
      await a.page.getByTestId('my-leagues').waitFor();

      const form = a.page.getByTestId('create-league');
      await form.getByRole('button', { name: 'Create the league' }).click();
      await form.getByText('League name must be 3-40 characters').waitFor();
      await form.getByLabel('League name').fill(LEAGUE_NAME);
      await form.getByLabel('Starting cash (optional)').fill('20,000,000');
      await form.getByRole('button', { name: 'Create the league' }).click();

      await a.page.waitForURL(/\/l\/[^/]+\/settings$/);
      leagueSlug = new URL(a.page.url()).pathname.split('/')[2]!;
      await a.page.getByRole('heading', { name: LEAGUE_NAME, level: 1 }).waitFor();
      await a.page.getByText('every member starts with $20,000,000.00').waitFor();
      await expect(moneyText(a.page, 'user-balance')).resolves.toBe('$20,000,000.00');
      await expect(aBox.getByTestId('league-switcher').textContent()).resolves.toContain(LEAGUE_NAME);

      inviteUrl = await a.page.getByTestId('invite-url').inputValue();
      expect(inviteUrl).toMatch(new RegExp(`^${server.url}/join/.+`));
      await a.page.getByRole('button', { name: 'Copy link' }).click();
      await toast(a.page, 'Invite link copied').waitFor();
      await expect(a.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(inviteUrl);

      // B: the link, signed out, leads through registering and back.
      const bContext = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
      b = person('ben', bContext, await bContext.newPage());
      await b.page.goto(inviteUrl);
      await b.page.getByRole('heading', { name: `Join ${LEAGUE_NAME}`, level: 1 }).waitFor();
      await screenshot(b.page, 'league-join-signed-out-1280');
      await b.page.getByTestId('join-card').getByRole('link', { name: 'Register' }).click();
      await b.page.getByRole('heading', { name: 'Register', level: 1 }).waitFor();
      // Reached through the invite, the page names the league and its starting cash.
      await b.page.getByText(`Create an account to join ${LEAGUE_NAME}, where every member starts with $20,000,000.00 in virtual money.`).waitFor();
      await fillRegister(b.page, b);
      await b.page.waitForURL(inviteUrl);
      const join = b.page.getByRole('button', { name: `Join ${LEAGUE_NAME}` });
      await join.waitFor();
      await screenshot(b.page, 'league-join-1280');
      await join.click();
      await b.page.waitForURL(`${server.url}/l/${leagueSlug}/market`);
      await toast(b.page, `Welcome to ${LEAGUE_NAME}!`).waitFor();
      await expect.poll(() => moneyText(b.page, 'user-balance')).toBe('$20,000,000.00');
    },
    LONG,
  );

  it(
    'A and B trade in the league; A switches back to the default league and finds it unchanged',
    async () => {
      // A buys 1,000 shares in the league, B buys 500: the league's own market.
      await a.page.getByRole('link', { name: 'Go to the market' }).click();
      await a.page.waitForURL(`${server.url}/l/${leagueSlug}/market`);
      await buyFromMarket(a.page, 1000);
      await expect.poll(() => moneyText(a.page, 'user-balance')).toBe('$19,999,000.00');
      await buyFromMarket(b.page, 500);
      await expect.poll(() => moneyText(b.page, 'user-balance')).toBe('$19,999,500.00');
      await a.page.getByTestId('ticker').getByText(player.name).first().waitFor();
      // Each trade of the ticker with the player's face: his initials on his team's colours.
      const face = a.page.getByTestId('ticker').locator('li').filter({ hasText: player.name }).first().locator('svg.face text');
      await expect(face.textContent()).resolves.toMatch(/^[A-Z0-9]{1,2}$/);

      // Links inside the league keep its address.
      await a.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transactions' }).click();
      await a.page.waitForURL(`${server.url}/l/${leagueSlug}/transactions`);
      await a.page.getByText(player.name).first().waitFor();

      // The switcher: A's leagues, and back to the default one.
      const switcher = a.page.getByTestId('league-switcher');
      await switcher.click();
      const menu = a.page.locator('.league-menu');
      await menu.getByRole('link', { name: 'All leagues…' }).waitFor();
      await screenshot(a.page, 'league-switcher-open-1280');
      const defaultLeague = menu.getByRole('button').filter({ hasNotText: LEAGUE_NAME });
      await defaultLeague.click();
      await a.page.waitForURL(`${server.url}/transactions`);
      await expect.poll(() => moneyText(a.page, 'user-balance')).toBe(DEFAULT_BALANCE);
      await a.page.getByText('No transactions yet').waitFor();
      await a.page.goto('/portfolio');
      await a.page.getByText('No player shares yet').waitFor();
      await expect(moneyText(a.page, 'user-value')).resolves.toBe(DEFAULT_BALANCE);

      // The league's address still shows the league, whatever the tab's own league is.
      await a.page.goto(`/l/${leagueSlug}/portfolio`);
      await expect.poll(() => moneyText(a.page, 'user-balance')).toBe('$19,999,000.00');
    },
    LONG,
  );

  it(
    'a rename and the end of a season reach the other member’s open header at once, with a toast linking to the archive',
    async () => {
      await b.page.goto(`/l/${leagueSlug}/portfolio`);
      const bSwitcher = b.page.getByTestId('league-switcher');
      await expect.poll(() => bSwitcher.textContent()).toContain(LEAGUE_NAME);
      await expect.poll(() => b.page.getByTestId('user-season').textContent()).toBe('Season 1');
      const bUrl = b.page.url();

      // A renames the league: B's header follows without a reload.
      const renamed = `Friday Six ${stamp}`;
      await a.page.goto(`/l/${leagueSlug}/settings`);
      await a.page.getByLabel('League name').fill(renamed);
      await a.page.getByRole('button', { name: 'Save name' }).click();
      await toast(a.page, `The league is now called ${renamed}.`).waitFor();
      await expect.poll(() => bSwitcher.textContent()).toContain(renamed);

      // A ends the season: B is told their place, with a link to the archive, and B's header shows the next season.
      await a.page.goto(`/l/${leagueSlug}/seasons`);
      await a.page.getByRole('button', { name: 'End season 1' }).click();
      const confirm = a.page.getByRole('dialog', { name: `End season 1 of ${renamed}?` });
      await confirm.getByLabel(`Type “${renamed}” to confirm`).fill(renamed);
      await confirm.getByRole('button', { name: 'End season 1' }).click();
      const told = toast(b.page, /^Season 1 ended: you finished (tied )?\d+(st|nd|rd|th) of 2/);
      await told.waitFor();
      // Both hold shares at the same mark: their place is shared ("tied 1st") or not, as the archive ranks them.
      const { finishes } = await b.page.evaluate(async (slug) => {
        const token = localStorage.getItem('hoops.token');
        const mine = (await (await fetch('/api/leagues', { headers: { authorization: `Bearer ${token}` } })).json()) as {
          leagues: { id: number; slug: string }[];
        };
        const league = mine.leagues.find((l) => l.slug === slug)!;
        const me = JSON.parse(localStorage.getItem('hoops.user') ?? '{}') as { id: number };
        return (await (await fetch(`/api/leagues/${league.id}/seasons/finishes/${me.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          finishes: { rank: number; tied: boolean; of: number }[];
        };
      }, leagueSlug);
      expect(finishes).toHaveLength(1);
      const place = finishes[0]!;
      const ord = place.rank === 1 ? '1st' : place.rank === 2 ? '2nd' : `${place.rank}th`;
      await expect(told.textContent()).resolves.toContain(`Season 1 ended: you finished ${place.tied ? 'tied ' : ''}${ord} of ${place.of}`);
      await expect.poll(() => b.page.getByTestId('user-season').textContent()).toBe('Season 2');
      await screenshot(b.page, 'league-season-ended-toast-1280');
      expect(b.page.url()).toBe(bUrl);
      await told.getByRole('button', { name: 'See the archive' }).click();
      await b.page.waitForURL(`${server.url}/l/${leagueSlug}/seasons/1`);
      await b.page.getByRole('heading', { level: 1 }).first().waitFor();

      // Back to its first name (the tests after this one use it); B's header follows again.
      await a.page.goto(`/l/${leagueSlug}/settings`);
      await a.page.getByLabel('League name').fill(LEAGUE_NAME);
      await a.page.getByRole('button', { name: 'Save name' }).click();
      await expect.poll(() => bSwitcher.textContent()).toContain(LEAGUE_NAME);
    },
    LONG,
  );

  it(
    'the commissioner’s settings: invite-only pages, a new invite link, removing a member',
    async () => {
      await a.page.goto(`/l/${leagueSlug}/settings`);
      await a.page.getByRole('heading', { name: LEAGUE_NAME, level: 1 }).waitFor();
      const members = a.page.getByTestId('league-members');
      await members.getByRole('link', { name: b.username }).waitFor();
      await screenshot(a.page, 'league-settings-1280');

      // B, not the commissioner, sees the invite link and the members only.
      await b.page.goto(`/l/${leagueSlug}/settings`);
      await b.page.getByTestId('invite-url').waitFor();
      await b.page.getByTestId('league-members').getByRole('link', { name: a.username }).waitFor();
      await expect(b.page.getByRole('button', { name: 'New invite link' }).count()).resolves.toBe(0);
      await expect(b.page.getByRole('button', { name: /^Remove/ }).count()).resolves.toBe(0);
      await expect(b.page.getByLabel('Open league').count()).resolves.toBe(0);

      // A visitor who is no member: an invite-only league says so; an open one shows its pages.
      const visitor = await openPage(browser, server.url, DESKTOP, pageErrors);
      const openSwitch = a.page.getByLabel('Open league');
      // The switch is a checkbox drawn as a track: people click its label.
      const switchLabel = a.page.locator('label.league-switch');
      if (await openSwitch.isChecked()) {
        await switchLabel.click();
        await toast(a.page, 'The league is now invite-only.').waitFor();
      }
      await visitor.page.goto(`/l/${leagueSlug}/leaderboard`);
      await visitor.page.getByRole('heading', { name: 'This league is invite-only', level: 1 }).waitFor();
      await screenshot(visitor.page, 'league-invite-only-1280');
      await switchLabel.click();
      await expect.poll(() => openSwitch.isChecked()).toBe(true);
      await toast(a.page, 'The league is now open: anyone can look at it.').waitFor();
      await visitor.page.reload();
      await visitor.page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
      await visitor.page.getByTestId('league-outsider').getByRole('link', { name: 'Log in' }).waitFor();
      await screenshot(visitor.page, 'league-open-visitor-1280');
      await visitor.page.goto('/join/not-a-real-code');
      await visitor.page.getByRole('heading', { name: 'This invite link does not work', level: 1 }).waitFor();
      await screenshot(visitor.page, 'league-join-invalid-1280');

      // A new invite link: asked first; the old link stops working.
      await a.page.getByRole('button', { name: 'New invite link' }).click();
      const confirmNew = a.page.getByRole('dialog', { name: 'Make a new invite link?' });
      await confirmNew.getByText('The current link stops working').waitFor();
      await confirmNew.getByRole('button', { name: 'Make a new link' }).click();
      await toast(a.page, 'New invite link made').waitFor();
      await expect.poll(() => a.page.getByTestId('invite-url').inputValue()).not.toBe(inviteUrl);
      await visitor.page.goto(inviteUrl);
      await visitor.page.getByRole('heading', { name: 'This invite link does not work', level: 1 }).waitFor();
      await visitor.context.close();

      // Removing B names B and says the open orders go.
      await members.getByRole('button', { name: `Remove ${b.username}` }).click();
      const confirmRemove = a.page.getByRole('dialog', { name: `Remove ${b.username}?` });
      await confirmRemove.getByText('their open orders in this league are cancelled').waitFor();
      await confirmRemove.getByText('until you let them back in').waitFor();
      await screenshot(a.page, 'league-remove-member-1280');
      await confirmRemove.getByRole('button', { name: `Remove ${b.username}` }).click();
      await expect.poll(() => members.getByRole('link', { name: b.username }).count()).toBe(0);

      // B is listed as removed until the commissioner lets them back in.
      const removed = a.page.getByTestId('league-removed');
      await removed
        .getByRole('listitem')
        .filter({ hasText: b.username })
        .getByText(/^removed /)
        .waitFor();
      await screenshot(a.page, 'league-removed-members-1280');
      await removed.getByRole('button', { name: `Let back in ${b.username}` }).click();
      await toast(a.page, `${b.username} can join ${LEAGUE_NAME} again`).waitFor();
      await a.page.getByText(`Nobody has been removed from ${LEAGUE_NAME}.`).waitFor();
    },
    LONG,
  );

  it(
    'fits a phone: /leagues, the settings, the open switcher and the join page at 375 px',
    async () => {
      const phone = await openPage(browser, server.url, PHONE, pageErrors, await sessionOf(a.page));
      try {
        await phone.page.goto('/leagues');
        await phone.page.getByTestId('my-leagues').getByText(LEAGUE_NAME).waitFor();
        await expectNoSidewaysScroll(phone.page);
        await screenshot(phone.page, 'leagues-375');

        await phone.page.goto(`/l/${leagueSlug}/settings`);
        await phone.page.getByTestId('league-members').waitFor();
        await expectNoSidewaysScroll(phone.page);
        await screenshot(phone.page, 'league-settings-375');

        await phone.page.getByTestId('league-switcher').click();
        await phone.page.locator('.league-menu').getByRole('link', { name: 'All leagues…' }).waitFor();
        await expectNoSidewaysScroll(phone.page);
        await screenshot(phone.page, 'league-switcher-open-375');
        await phone.page.keyboard.press('Escape');
        await expect(phone.page.locator('.league-menu').count()).resolves.toBe(0);
      } finally {
        await phone.context.close();
      }
      const signedOut = await openPage(browser, server.url, PHONE, pageErrors);
      try {
        const code = await a.page.getByTestId('invite-url').inputValue();
        await signedOut.page.goto(code);
        await signedOut.page.getByRole('heading', { name: `Join ${LEAGUE_NAME}`, level: 1 }).waitFor();
        await expectNoSidewaysScroll(signedOut.page);
        await screenshot(signedOut.page, 'league-join-375');
      } finally {
        await signedOut.context.close();
      }
      await a.page.goto('/leagues');
      await a.page.getByTestId('my-leagues').getByText(LEAGUE_NAME).waitFor();
      await screenshot(a.page, 'leagues-1280');
      expect(pageErrors).toEqual([]);
    },
    LONG,
  );
});
