/**
 * Every route in light and dark mode, at 1280 px and 375 px: a screenshot of each (to be looked at,
 * under test-results/screenshots/modes/), no sideways scrolling, no page errors, and axe-core's WCAG
 * 2 A/AA rules (colour contrast among them) with no violation. The mode comes from the system
 * preference (emulated), as the app follows it by default; one check flips it with the toggle.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, expectNoSidewaysScroll, launchBrowser, PHONE, screenshot } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const run = promisify(execFile);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const stamp = Date.now().toString(36).slice(-5);
const admin = { username: `ada_${stamp}`, email: `ada.${stamp}@example.com`, password: 'correct horse battery' };
const other = { username: `bo_${stamp}`, email: `bo.${stamp}@example.com`, password: 'correct horse battery' };

let server: E2eServer;
let browser: Browser;
let session: { token: string; user: unknown };
interface MarketIds {
  playerId: number;
  teamId: number;
  adminId: number;
}
let ids: MarketIds;
/** axe-core's violations per route and mode, printed at the end. */
const violationCounts = new Map<string, Record<string, number>>();

interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary: string }[] }[];
}

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

/** A market with something in every table: holdings both ways, trades, an offer, an ask, a team. */
async function makeMarket(): Promise<MarketIds> {
  const a = await api<{ token: string; user: { id: number } }>('POST', '/auth/register', admin);
  const b = await api<{ token: string; user: { id: number } }>('POST', '/auth/register', other);
  await run(process.execPath, ['dist/node/cli/admin.js', 'grant', admin.username], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: server.dataDir },
  });
  const players = await api<{ id: number; salary: number; shares_remaining: number }[]>('GET', '/players');
  const [p, q] = [...players].sort((x, y) => x.salary - y.salary || x.id - y.id) as [(typeof players)[number], (typeof players)[number]];
  const teams = await api<{ id: number; conference: string }[]>('GET', '/teams');
  await api('POST', '/trade/ask', { userId: a.user.id, playerId: p.id, shares: p.shares_remaining, pricePerShare: 1 }, a.token);
  await api('POST', '/trade/ask', { userId: b.user.id, playerId: p.id, shares: 500, pricePerShare: 1.1 }, b.token);
  await api('PUT', `/portfolio/${a.user.id}/min-sell-price/${p.id}`, { minSellPrice: 4 }, a.token);
  await api('POST', '/trade/ask', { userId: b.user.id, playerId: p.id, shares: 40, pricePerShare: 4 }, b.token);
  await api('POST', '/offers', { userId: a.user.id, playerId: p.id, shares: 200, pricePerShare: 6.5 }, a.token);
  await api('POST', '/trade/ask', { userId: b.user.id, playerId: p.id, shares: 25, pricePerShare: 2.25 }, b.token);
  await api('POST', '/trade/ask', { userId: a.user.id, playerId: q.id, shares: 1000, pricePerShare: 1 }, a.token);
  await api('POST', '/teams/bid', { userId: a.user.id, teamId: teams[0]!.id, shares: 500, pricePerShare: 1 }, a.token);
  session = { token: a.token, user: await api('GET', `/users/${a.user.id}`) };
  return { playerId: p.id, teamId: teams[0]!.id, adminId: a.user.id };
}

async function openRoute(mode: 'light' | 'dark', viewport: { width: number; height: number }, signedIn: boolean) {
  // bypassCSP: the test puts axe-core's source into the page, which the game's policy would refuse.
  const context = await browser.newContext({ viewport, baseURL: server.url, colorScheme: mode, bypassCSP: true, reducedMotion: 'reduce' });
  if (signedIn) {
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('hoops.token', token);
        localStorage.setItem('hoops.user', user);
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
  }
  const page = await context.newPage();
  return { context, page };
}

async function settle(page: Page): Promise<void> {
  await page
    .locator('.loading')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  if ((await page.locator('.value-chart, .price-chart').count()) > 0)
    await page.locator('.value-chart-canvas canvas, .price-chart canvas').first().waitFor({ timeout: 15_000 });
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(250);
}

async function axe(page: Page): Promise<AxeResult['violations']> {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<unknown> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    }),
  );
  return (result as AxeResult).violations;
}

/** Every route, by name; the ids of the player, team and user the market made are filled in before the first test. */
const ROUTES: readonly { name: string; path: (ids: MarketIds) => string; signedIn: boolean }[] = [
  { name: 'home', path: () => '/', signedIn: true },
  { name: 'market', path: () => '/market', signedIn: true },
  { name: 'player', path: (ids) => `/market/${ids.playerId}`, signedIn: true },
  { name: 'shareholders', path: (ids) => `/market/${ids.playerId}/shareholders`, signedIn: true },
  { name: 'offers', path: () => '/offers', signedIn: true },
  { name: 'asks', path: () => '/asks', signedIn: true },
  { name: 'portfolio', path: () => '/portfolio', signedIn: true },
  { name: 'transactions', path: () => '/transactions', signedIn: true },
  { name: 'inbox', path: () => '/inbox', signedIn: true },
  { name: 'teams', path: () => '/teams', signedIn: true },
  { name: 'team', path: (ids) => `/teams/${ids.teamId}`, signedIn: true },
  { name: 'public', path: (ids) => `/public/${ids.adminId}`, signedIn: true },
  { name: 'leaderboard', path: () => '/leaderboard', signedIn: true },
  { name: 'statistics', path: () => '/statistics', signedIn: true },
  { name: 'win-totals', path: () => '/win-totals', signedIn: true },
  { name: 'login', path: () => '/login', signedIn: false },
  { name: 'register', path: () => '/register', signedIn: false },
  { name: 'reset-password', path: () => '/reset-password', signedIn: false },
  { name: 'privacy', path: () => '/privacy', signedIn: true },
  { name: 'changelog', path: () => '/changelog', signedIn: true },
  { name: 'admin', path: () => '/admin', signedIn: true },
  { name: 'not-found', path: () => '/no-such-page', signedIn: true },
];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ids = await makeMarket();
}, 180_000);

afterAll(async () => {
  if (violationCounts.size > 0) {
    console.log('axe-core violations (WCAG 2.1 A/AA) per page, light / dark:');
    for (const [route, counts] of violationCounts) console.log(`  ${route.padEnd(15)} ${counts.light ?? '-'} / ${counts.dark ?? '-'}`);
  }
  await browser?.close();
  await server?.stop();
});

// One test per page, mode and width, so that a slow machine's time limit applies to one page's load, screenshot and check.
describe.each(['light', 'dark'] as const)('every route in %s mode', (mode) => {
  describe.each([
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const)('at %s px', (width, viewport) => {
    it.each(ROUTES)('$name: readable (axe-core: no WCAG A/AA violation), no sideways scroll, no page error', async (route) => {
      const path = route.path(ids);
      const errors: string[] = [];
      const { context, page } = await openRoute(mode, viewport, route.signedIn);
      page.on('pageerror', (e) => errors.push(`${path}: ${e.message}`));
      try {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.dataset.mode), path).toBe(mode);
        await expectNoSidewaysScroll(page);
        await screenshot(page, `modes/${mode}-${width}-${route.name}`);
        const violations = await axe(page);
        if (width === '1280' || violations.length > 0) {
          const counts = violationCounts.get(route.name) ?? {};
          counts[mode] = Math.max(counts[mode] ?? 0, violations.length);
          violationCounts.set(route.name, counts);
        }
        const failures = violations.map(
          (v) =>
            `${path} [${mode} ${width}] ${v.id}: ${v.help} — ${v.nodes
              .slice(0, 3)
              .map((n) => `${n.target.join(' ')} (${n.failureSummary.split('\n').slice(1, 2).join('').trim()})`)
              .join('; ')}`,
        );
        expect(failures).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});

describe('the check itself', () => {
  it('finds a contrast failure when a page has one (axe-core really runs)', async () => {
    const { context, page } = await openRoute('dark', DESKTOP, false);
    try {
      await page.goto('/privacy');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.evaluate(() => {
        const p = document.createElement('p');
        p.textContent = 'Hard to read';
        p.style.color = '#2a2f36';
        document.querySelector('main')?.append(p);
      });
      expect((await axe(page)).map((v) => v.id)).toContain('color-contrast');
    } finally {
      await context.close();
    }
  });
});

describe('the mode toggle', () => {
  it('switches to dark beside the team theme and keeps it after a reload, whatever the system says', async () => {
    const { context, page } = await openRoute('light', DESKTOP, true);
    try {
      await page.goto('/leaderboard');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.mode)).toBe('light');
      // Theme and mode live in the header's one settings panel.
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByTestId('theme-select').selectOption('LAL');
      await page.getByTestId('mode-select').selectOption('dark');
      expect(await page.evaluate(() => [document.documentElement.dataset.mode, getComputedStyle(document.body).backgroundColor])).toEqual([
        'dark',
        'rgb(15, 20, 25)',
      ]);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(
        await page.evaluate(() => [document.documentElement.dataset.mode, document.documentElement.dataset.theme, localStorage.getItem('hoops.mode')]),
      ).toEqual(['dark', 'LAL', 'dark']);
      expect(await page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content'))).toMatch(/^#[0-9A-F]{6}$/i);
      await settle(page);
      await screenshot(page, 'modes/dark-LAL-1280-leaderboard');
      expect(await axe(page)).toEqual([]);
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByTestId('mode-select').selectOption('system');
      expect(await page.evaluate(() => [document.documentElement.dataset.mode, localStorage.getItem('hoops.mode')])).toEqual(['light', null]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it.each(['light', 'dark'] as const)(
    'opens the settings panel at 375 px in %s mode, readable, and Escape closes it',
    async (mode) => {
      const { context, page } = await openRoute(mode, PHONE, true);
      try {
        await page.goto('/portfolio');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const button = page.getByRole('button', { name: 'Settings' });
        await button.click();
        await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
        const panel = page.getByRole('group', { name: 'Settings' });
        await panel.getByLabel('Theme').waitFor();
        await panel.getByLabel('Mode').waitFor();
        await expectNoSidewaysScroll(page);
        const rect = await panel.boundingBox();
        expect(rect!.x).toBeGreaterThanOrEqual(0);
        expect(rect!.x + rect!.width).toBeLessThanOrEqual(PHONE.width);
        await settle(page);
        await screenshot(page, `modes/${mode}-375-settings`);
        expect(await axe(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
        await expect(panel.count()).resolves.toBe(0);
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
