/**
 * The app shell in a real browser against the built server: register, the user box, logout,
 * login, the theme kept across a reload, guarded routes, the phone-width menu, and screenshots of
 * the public pages at 1280 px and 375 px (test-results/screenshots/).
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium (apt-get install -y chromium).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, launchBrowser, PHONE, screenshot, expectNoSidewaysScroll, openPage } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const START_BALANCE = '$80,000,000.00';
/** A test that walks many pages (and signs in, a memory-hard hash each time), as the other browser tests allow. */
const LONG = 90_000;
const user = {
  username: `fan_${Date.now().toString(36)}`,
  email: `fan.${Date.now().toString(36)}@example.com`,
  password: 'correct horse battery',
};

let server: E2eServer;
let browser: Browser;
const pageErrors: string[] = [];

const newPage = (viewport: { width: number; height: number }) => openPage(browser, server.url, viewport, pageErrors);

const rootVar = (page: Page, name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Logs the test's user in from the login page and waits for the user box. */
async function logIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('user-box').getByText(START_BALANCE).first().waitFor();
}

/**
 * Ends the page's session on the server (as when it expires) while something is typed, presses
 * `write` (refused, unless the app heard of the end first and already said so), and answers the
 * "Your session has ended." notice once it shows.
 */
async function endSessionWhile(page: Page, write: Locator): Promise<Locator> {
  const token = await page.evaluate(() => localStorage.getItem('hoops.token'));
  const ended = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(ended.ok).toBe(true);
  const notice = page.locator('[data-sonner-toast]').filter({ hasText: 'Your session has ended.' });
  await Promise.race([notice.waitFor(), write.click().catch(() => undefined)]);
  await notice.waitFor();
  return notice;
}

/** From the notice's Log in to the login form, and back to the page it came from. */
async function logBackIn(page: Page, notice: Locator): Promise<void> {
  await notice.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.locator('#main').getByRole('button', { name: 'Log in' }).click();
}

describe('app shell and authentication', () => {
  it(
    'registers, shows the user box, logs out and logs in again',
    async () => {
      const { context, page } = await newPage(DESKTOP);
      try {
        await page.goto('/register');
        await expect(page.title()).resolves.toBe('Register · Hoops Exchange');
        await page.getByLabel('Username').fill(user.username);
        await page.getByLabel('Email').fill(user.email);
        await page.getByLabel('Password').fill(user.password);
        await page.getByRole('button', { name: 'Register' }).click();

        const userBox = page.getByTestId('user-box');
        await userBox.getByText(START_BALANCE).first().waitFor();
        await expect(userBox.textContent()).resolves.toContain(user.username);
        await expect(page.getByTestId('user-balance').textContent()).resolves.toBe(`Bal ${START_BALANCE}`);
        await expect(page.getByTestId('user-value').textContent()).resolves.toBe(`Val ${START_BALANCE}`);
        const stored = await page.evaluate(() => ({ token: localStorage.getItem('hoops.token'), user: localStorage.getItem('hoops.user') }));
        expect(stored.token).toBeTruthy();
        expect(JSON.parse(stored.user ?? 'null')).toMatchObject({ username: user.username, isAdmin: false });

        // Logged in: the trading links, no Login/Register, no Admin.
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const name of ['Market', 'Shares for Sale', 'Offers', 'Portfolio', 'Transactions', 'Teams', 'Leaderboard', 'Statistics']) {
          await expect(nav.getByRole('link', { name, exact: true }).count(), name).resolves.toBe(1);
        }
        await expect(nav.getByRole('link', { name: 'Login' }).count()).resolves.toBe(0);
        await expect(nav.getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0);

        // /admin does not exist for a user who is not an admin.
        await page.goto('/admin');
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();

        await nav.getByRole('button', { name: 'Logout' }).click();
        await nav.getByRole('link', { name: 'Login' }).waitFor();
        await expect(page.getByTestId('user-box').count()).resolves.toBe(0);
        await expect(page.evaluate(() => localStorage.getItem('hoops.token'))).resolves.toBeNull();
        for (const name of ['Market', 'Portfolio', 'Transactions', 'Teams']) {
          await expect(nav.getByRole('link', { name, exact: true }).count(), name).resolves.toBe(0);
        }

        // Guarded pages send a visitor to the login page, and back after logging in.
        await page.goto('/transactions');
        await page.waitForURL('**/login');

        await page.getByLabel('Email').fill(user.email);
        await page.getByLabel('Password').fill('not the password');
        await page.getByRole('button', { name: 'Log in' }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).textContent()).resolves.toContain('Invalid email or password');

        await page.getByLabel('Password').fill(user.password);
        await page.getByLabel('Password').press('Enter');
        await page.waitForURL('**/transactions');
        await page.getByTestId('user-box').getByText(START_BALANCE).first().waitFor();
        await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
        await expect(page.title()).resolves.toBe('Transactions · Hoops Exchange');
      } finally {
        await context.close();
      }
    },
    LONG,
  );

  it('keeps the chosen team theme after a reload', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      await page.goto('/');
      // The theme is in the header's settings panel.
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByLabel('Theme').inputValue()).resolves.toBe('SEA');
      await expect(rootVar(page, '--team-primary')).resolves.toBe('#00653A');
      await expect(page.getByLabel('Theme').locator('option').count()).resolves.toBe(31);

      await page.getByLabel('Theme').selectOption('BOS');
      await expect(rootVar(page, '--team-primary')).resolves.toBe('#007A33');
      await expect(rootVar(page, '--team-secondary')).resolves.toBe('#BA9653');

      await page.reload();
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByLabel('Theme').inputValue()).resolves.toBe('BOS');
      await expect(rootVar(page, '--team-primary')).resolves.toBe('#007A33');
      await expect(page.evaluate(() => localStorage.getItem('hoops.theme'))).resolves.toBe('BOS');
      await screenshot(page, 'shell-theme-bos-1280');
    } finally {
      await context.close();
    }
  });

  it('offers the reset forms and a real not-found page', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      await page.goto('/reset-password');
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByRole('button', { name: 'Send reset token' }).click();
      await page.getByText('Check your email for the reset token').waitFor();

      await page.getByLabel('Reset token').fill('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      await page.getByLabel('New password').fill('a brand new password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('alert').waitFor();

      await page.goto('/reset-password?token=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');
      await expect(page.getByLabel('Reset token').count()).resolves.toBe(0);
      await expect(page.getByLabel('New password').count()).resolves.toBe(1);

      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await expect(page.title()).resolves.toBe('Page not found · Hoops Exchange');
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.waitForURL(`${server.url}/`);
    } finally {
      await context.close();
    }
  });

  it(
    'an expired session says so once and keeps the order being typed until the user logs back in',
    async () => {
      const players = (await (await fetch(`${server.url}/api/players`)).json()) as { id: number; name: string }[];
      const player = players[0]!;
      const { context, page } = await newPage(DESKTOP);
      try {
        await logIn(page);
        await page.goto(`/market/${player.id}`);
        const form = page.getByRole('form', { name: `Buy ${player.name}` });
        await form.getByLabel('Shares').fill('123');
        await form.getByLabel('Price per share').fill('2.50');

        // The session ends on the server (as when it expires) while the order is typed; the buy is refused.
        const notice = await endSessionWhile(page, form.getByRole('button', { name: 'Buy', exact: true }));
        await page.waitForTimeout(1_500);
        await screenshot(page, 'session-ended-1280');
        await expect(page.locator('[data-sonner-toast]').count(), 'one message').resolves.toBe(1);

        await logBackIn(page, notice);
        await page.waitForURL(`**/market/${player.id}`);
        const again = page.getByRole('form', { name: `Buy ${player.name}` });
        await expect.poll(() => again.getByLabel('Shares').inputValue()).toBe('123');
        await expect(again.getByLabel('Price per share').inputValue()).resolves.toBe('2.50');
        // Kept once: a later visit starts empty.
        await page.reload();
        await page
          .getByRole('form', { name: `Buy ${player.name}` })
          .getByLabel('Shares')
          .waitFor();
        await expect(
          page
            .getByRole('form', { name: `Buy ${player.name}` })
            .getByLabel('Shares')
            .inputValue(),
        ).resolves.toBe('');
      } finally {
        await context.close();
      }
    },
    LONG,
  );

  it(
    'an expired session keeps the chat message being typed until the user logs back in',
    async () => {
      const { context, page } = await newPage(DESKTOP);
      try {
        await logIn(page);
        await page.goto('/chat');
        const composer = page.locator('#main').getByTestId('chat-composer');
        await composer.getByLabel('Message').fill('Who is buying Curry tonight?');

        const notice = await endSessionWhile(page, composer.getByRole('button', { name: 'Send' }));
        await logBackIn(page, notice);
        await page.waitForURL('**/chat');
        await expect.poll(() => page.locator('#main').getByTestId('chat-composer').getByLabel('Message').inputValue()).toBe('Who is buying Curry tonight?');
      } finally {
        await context.close();
      }
    },
    LONG,
  );

  it('folds the navigation into a menu button at phone width', async () => {
    const { context, page } = await newPage(PHONE);
    try {
      await page.goto('/');
      const menu = page.getByRole('button', { name: 'Menu' });
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(page.getByRole('link', { name: 'Leaderboard' }).isVisible()).resolves.toBe(false);
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Close' }).getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(page.getByRole('link', { name: 'Leaderboard' }).isVisible()).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
      await expectNoSidewaysScroll(page);
    } finally {
      await context.close();
    }
  });

  it(
    'takes screenshots of the public pages at 1280 px and 375 px',
    async () => {
      const pages = [
        ['home', '/'],
        ['login', '/login'],
        ['register', '/register'],
        ['privacy', '/privacy'],
        ['changelog', '/changelog'],
        ['not-found', '/this-page-does-not-exist'],
      ] as const;
      for (const [label, viewport] of [
        ['1280', DESKTOP],
        ['375', PHONE],
      ] as const) {
        const { context, page } = await newPage(viewport);
        try {
          for (const [name, path] of pages) {
            await page.goto(path);
            await page.locator('h1').first().waitFor();
            if (viewport === PHONE) await expectNoSidewaysScroll(page);
            await screenshot(page, `shell-${name}-${label}`);
          }
        } finally {
          await context.close();
        }
      }
      // Logged in, at both widths: the user box and the navigation.
      for (const [label, viewport] of [
        ['1280', DESKTOP],
        ['375', PHONE],
      ] as const) {
        const { context, page } = await newPage(viewport);
        try {
          await page.goto('/login');
          await page.getByLabel('Email').fill(user.email);
          await page.getByLabel('Password').fill(user.password);
          await page.getByRole('button', { name: 'Log in' }).click();
          await page.getByTestId('user-box').getByText(START_BALANCE).first().waitFor();
          await page.goto('/');
          await page.getByTestId('user-box').getByText(START_BALANCE).first().waitFor();
          if (viewport === PHONE) {
            await expectNoSidewaysScroll(page);
            await page.getByRole('button', { name: 'Menu' }).click();
          }
          await screenshot(page, `shell-home-logged-in-${label}`);
        } finally {
          await context.close();
        }
      }
      expect(pageErrors).toEqual([]);
    },
    LONG,
  );
});
