/**
 * Every list of the game at 375, 768 and 1280 px, as a signed-in member with holdings, orders, a
 * trade history and an ended season: nothing scrolls sideways (neither the page nor any box inside
 * it), each row's money and action lie inside the screen, and each list has rows. Screenshots
 * under test-results/screenshots/phone/, to be looked at.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const run = promisify(execFile);
const stamp = Date.now().toString(36).slice(-5);
const admin = { username: `pia_${stamp}`, email: `pia.${stamp}@example.com`, password: 'correct horse battery' };
const other = { username: `ole_${stamp}`, email: `ole.${stamp}@example.com`, password: 'correct horse battery' };
const LEAGUE = `Pocket ${stamp}`;
const WIDTHS = [
  ['375', { width: 375, height: 740 }],
  ['768', { width: 768, height: 1024 }],
  ['1280', { width: 1280, height: 800 }],
] as const;

interface World {
  playerId: number;
  playerName: string;
  teamId: number;
  adminId: number;
  slug: string;
}

let server: E2eServer;
let browser: Browser;
let session: { token: string; user: unknown };
let world: World;

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

/** Two members with something in every list: holdings both ways, trades, an offer, an ask, a team, an admin action, and a league whose first season ended. */
async function makeWorld(): Promise<World> {
  const a = await api<{ token: string; user: { id: number } }>('POST', '/auth/register', admin);
  const b = await api<{ token: string; user: { id: number } }>('POST', '/auth/register', other);
  await run(process.execPath, ['dist/node/cli/admin.js', 'grant', admin.username], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: server.dataDir },
  });
  const players = await api<{ id: number; name: string; salary: number; shares_remaining: number }[]>('GET', '/players');
  const bySalary = [...players].sort((x, y) => x.salary - y.salary || x.id - y.id);
  const [p, q, r] = bySalary as [(typeof players)[number], (typeof players)[number], (typeof players)[number]];
  const teams = await api<{ id: number }[]>('GET', '/teams');
  await api('POST', '/trade/ask', { userId: a.user.id, playerId: p.id, shares: p.shares_remaining, pricePerShare: 1 }, a.token);
  await api('POST', '/trade/ask', { userId: b.user.id, playerId: p.id, shares: 500, pricePerShare: 1.1 }, b.token);
  await api('PUT', `/portfolio/${a.user.id}/min-sell-price/${p.id}`, { minSellPrice: 4 }, a.token);
  await api('POST', '/trade/ask', { userId: b.user.id, playerId: p.id, shares: 40, pricePerShare: 4 }, b.token);
  await api('POST', '/offers', { userId: a.user.id, playerId: p.id, shares: 200, pricePerShare: 6.5 }, a.token);
  await api('POST', '/offers', { userId: b.user.id, playerId: p.id, shares: 20, pricePerShare: 7.25 }, b.token);
  await api('POST', '/trade/ask', { userId: b.user.id, playerId: p.id, shares: 25, pricePerShare: 2.25 }, b.token);
  await api('POST', '/trade/ask', { userId: a.user.id, playerId: q.id, shares: 1000, pricePerShare: 1 }, a.token);
  await api('POST', '/teams/bid', { userId: a.user.id, teamId: teams[0]!.id, shares: 500, pricePerShare: 1 }, a.token);
  await api('PATCH', `/players/${r.id}`, { newSalary: r.salary + 100_000 }, a.token);

  // A league of the two whose first season is over: its standings and its members. Made from
  // other sessions, which it becomes the current league of; the browser's session stays in the default league.
  const a2 = await api<{ token: string }>('POST', '/auth/login', { email: admin.email, password: admin.password });
  const b2 = await api<{ token: string }>('POST', '/auth/login', { email: other.email, password: other.password });
  const { league } = await api<{ league: { id: number; slug: string; inviteCode: string } }>(
    'POST',
    '/leagues',
    { name: LEAGUE, startingCash: 1_000_000 },
    a2.token,
  );
  await api('POST', '/leagues/join', { code: league.inviteCode }, b2.token);
  const inLeague = (path: string) => `/leagues/${league.id}${path}`;
  await api('POST', inLeague('/trade/ask'), { userId: a.user.id, playerId: p.id, shares: 200, pricePerShare: 1 }, a2.token);
  await api('POST', inLeague('/trade/ask'), { userId: b.user.id, playerId: p.id, shares: 50, pricePerShare: 1 }, b2.token);
  await api('POST', inLeague('/seasons/end'), { confirm: LEAGUE, season: 1 }, a2.token);

  session = { token: a.token, user: await api('GET', `/users/${a.user.id}`) };
  return { playerId: p.id, playerName: p.name, teamId: teams[0]!.id, adminId: a.user.id, slug: league.slug };
}

interface ListRoute {
  name: string;
  path: (w: World) => string;
  /** The list's rows. */
  rows: string;
  /** Within a row: the money that matters. */
  money?: string;
  /** Within a row: its action. */
  action?: string;
}

const ROUTES: readonly ListRoute[] = [
  { name: 'market', path: () => '/market', rows: '[data-testid^="player-row-"]', money: '.stack-money', action: '.stack-actions button' },
  { name: 'player', path: (w) => `/market/${w.playerId}`, rows: 'main table.table-stack tbody tr', money: '.stack-money' },
  { name: 'shareholders', path: (w) => `/market/${w.playerId}/shareholders`, rows: '[data-testid="shareholders-table"] tbody tr', money: '.stack-money' },
  { name: 'offers', path: () => '/offers', rows: '[data-testid="offers-table"] tbody tr', money: '.stack-money', action: '.stack-actions button' },
  { name: 'asks', path: () => '/asks', rows: '[data-testid="asks-table"] tbody tr', money: '.stack-money', action: '.stack-actions button' },
  { name: 'portfolio', path: () => '/portfolio', rows: '.holdings-table tbody tr', money: '.stack-money', action: '.stack-actions button' },
  { name: 'transactions', path: () => '/transactions', rows: 'main table.table-stack tbody tr', money: '.stack-money' },
  // The signed-in home's unread notices and the inbox: each with its "Mark read".
  { name: 'home', path: () => '/', rows: '[data-testid="inbox-entry"]', action: 'button' },
  { name: 'inbox', path: () => '/inbox', rows: '[data-testid="inbox-entry"]', action: 'button' },
  { name: 'teams', path: () => '/teams', rows: '[data-testid="teams-table"] tbody tr', money: '.stack-money', action: '.stack-actions button' },
  { name: 'team', path: (w) => `/teams/${w.teamId}`, rows: '[data-testid="roster-table"] tbody tr', money: '.stack-money' },
  { name: 'leaderboard', path: () => '/leaderboard', rows: '.leaderboard-table tbody tr', money: '.stack-money' },
  { name: 'statistics', path: () => '/statistics', rows: 'main table.table-stack tbody tr', money: '.stack-money' },
  { name: 'seasons', path: (w) => `/l/${w.slug}/seasons/1`, rows: '[data-testid="season-standing"]', money: '.stack-money' },
  { name: 'members', path: (w) => `/l/${w.slug}/settings`, rows: '[data-testid="league-members"] li', action: 'button' },
  { name: 'admin', path: () => '/admin', rows: '.admin-table tbody tr', money: '.stack-money', action: '.admin-retire-cell button' },
  { name: 'audit', path: () => '/admin', rows: '[aria-label="Audit log"] tbody tr' },
];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  world = await makeWorld();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function settle(page: Page): Promise<void> {
  await page
    .locator('.loading')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(250);
}

/**
 * Every box that scrolls sideways: the document, or an element whose content is wider than it and
 * that may scroll. The live-trades ticker is a strip that scrolls sideways by design, not a list.
 */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) found.push(`document (${doc.scrollWidth} > ${doc.clientWidth})`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.closest('.ticker-list')) continue;
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''}`;
        found.push(`${name} (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    return found;
  });
}

/** Whether an element is whole inside the screen's width and not cut off by any box around it. */
async function inView(locator: Locator): Promise<string | null> {
  return locator.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const text = (el.textContent ?? '').trim().slice(0, 30);
    if (rect.width === 0 || rect.height === 0) return `"${text}" is not shown`;
    if (rect.left < 0 || rect.right > document.documentElement.clientWidth + 0.5)
      return `"${text}" lies outside the screen (${Math.round(rect.left)}–${Math.round(rect.right)})`;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const outer = box.getBoundingClientRect();
      if (rect.left < outer.left - 0.5 || rect.right > outer.right + 0.5) return `"${text}" is cut off by ${box.tagName.toLowerCase()}.${box.className}`;
    }
    return null;
  });
}

async function open(path: string, viewport: { width: number; height: number }, errors: string[]) {
  const { context, page } = await openPage(browser, server.url, viewport, errors, session);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await settle(page);
  return { context, page };
}

describe.each(WIDTHS)('at %s px', (width, viewport) => {
  it.each(ROUTES)('$name: every row shows its money and action in view, nothing scrolls sideways', async (route) => {
    const errors: string[] = [];
    const path = route.path(world);
    const { context, page } = await open(path, viewport, errors);
    try {
      const rows = page.locator(route.rows);
      await rows.first().waitFor({ timeout: 15_000 });
      await screenshot(page, `phone/${width}-${route.name}`);
      expect(await sidewaysScrollers(page), path).toEqual([]);
      const count = Math.min(await rows.count(), 5);
      expect(count, `${path}: rows`).toBeGreaterThan(0);
      const problems: string[] = [];
      for (let i = 0; i < count; i++) {
        const row = rows.nth(i);
        if (route.money) {
          const money = row.locator(route.money).first();
          if ((await money.count()) > 0) problems.push(...[await inView(money)].filter((p): p is string => p !== null));
          else if (route.name !== 'player') problems.push(`row ${i + 1} has no money cell`);
        }
        if (route.action) {
          const action = row.locator(route.action).first();
          if ((await action.count()) > 0) problems.push(...[await inView(action)].filter((p): p is string => p !== null));
          else if (route.name !== 'members') problems.push(`row ${i + 1} has no action`);
        }
      }
      expect(problems, path).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('every other page: nothing scrolls sideways', async () => {
    const errors: string[] = [];
    const { context, page } = await open('/', viewport, errors);
    try {
      const found: string[] = [];
      for (const [name, path] of [
        ['home', '/'],
        ['chat', '/chat'],
        ['leagues', '/leagues'],
        ['rules', '/rules'],
        ['win-totals', '/win-totals'],
        ['seasons', `/l/${world.slug}/seasons`],
        ['league-rules', `/l/${world.slug}/rules`],
        ['privacy', '/privacy'],
        ['changelog', '/changelog'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await settle(page);
        await screenshot(page, `phone/${width}-page-${name}`);
        found.push(...(await sidewaysScrollers(page)).map((s) => `${path}: ${s}`));
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('header: the user box, league and season fit, the navigation does not wrap, and a toast leaves the user box uncovered', async () => {
    const errors: string[] = [];
    const { context, page } = await open(`/l/${world.slug}/portfolio`, viewport, errors);
    try {
      const box = page.getByTestId('user-box');
      await box.getByTestId('user-season').waitFor();
      await page.getByTestId('league-switcher').waitFor();
      await screenshot(page, `phone/${width}-header`);
      expect(await sidewaysScrollers(page)).toEqual([]);
      // Name, league, money and season whole (or, for a long league name, ended in an ellipsis inside its button), inside the screen.
      const problems: string[] = [];
      for (const part of ['.user-name', '.league-switcher', '[data-testid="user-balance"]', '[data-testid="user-value"]', '[data-testid="user-season"]']) {
        const p = await inView(box.locator(part).first());
        if (p) problems.push(p);
      }
      expect(problems).toEqual([]);
      const cut = await box.evaluate((el) =>
        ['.user-name', '.league-switcher-name', '[data-testid="user-season"]'].flatMap((sel) => {
          const part = el.querySelector<HTMLElement>(sel);
          return part && part.scrollWidth > part.clientWidth + 1 ? [`${sel}: ${part.textContent} (${part.scrollWidth} > ${part.clientWidth})`] : [];
        }),
      );
      expect(cut, 'cut short').toEqual([]);
      // The brand and the header's buttons side by side, none over another.
      const overlapping = await page.evaluate(() => {
        const parts = ['.site-header .brand', '.settings-button', '.menu-button', '[data-testid="user-box"]']
          .map((sel) => [sel, document.querySelector(sel)?.getBoundingClientRect()] as const)
          .filter((p): p is readonly [string, DOMRect] => p[1] !== undefined && p[1].width > 0);
        const found: string[] = [];
        for (const [i, [a, r]] of parts.entries())
          for (const [b, q] of parts.slice(i + 1))
            if (r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5) found.push(`${a} / ${b}`);
        return found;
      });
      expect(overlapping, 'overlapping').toEqual([]);
      if (width === '1280') {
        // Every link (the Inbox with its count included) and Logout on one line, Logout apart from the last link.
        const nav = await page.evaluate(() => {
          const items = Array.from(document.querySelectorAll<HTMLElement>('.nav-links > li'));
          const tops = new Set(items.map((li) => Math.round(li.getBoundingClientRect().top)));
          const last = items.at(-2)!.getBoundingClientRect().right;
          const logout = items.at(-1)!.getBoundingClientRect().left;
          return { lines: tops.size, spare: Math.round(logout - last) };
        });
        expect(nav.lines).toBe(1);
        expect(nav.spare).toBeGreaterThan(16);
      }
      // A toast appears at the bottom, clear of the user box.
      await page.getByRole('button', { name: 'Copy link' }).click();
      const toast = page.locator('[data-sonner-toast]').first();
      await toast.waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, `phone/${width}-toast`);
      const [t, u] = [await toast.boundingBox(), await box.boundingBox()];
      expect(t && u).toBeTruthy();
      const overlaps = t!.x < u!.x + u!.width && u!.x < t!.x + t!.width && t!.y < u!.y + u!.height && u!.y < t!.y + t!.height;
      expect(overlaps, `toast ${JSON.stringify(t)} over the user box ${JSON.stringify(u)}`).toBe(false);
      expect(t!.y + t!.height).toBeGreaterThan(viewport.height / 2);
      if (width === '1280') expect(t!.x).toBeGreaterThan(viewport.width / 2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("buy dialog: the preview's total is in view, nothing scrolls sideways", async () => {
    const errors: string[] = [];
    const { context, page } = await open('/market', viewport, errors);
    try {
      await page.getByLabel('Search players').fill(world.playerName);
      await page.getByRole('button', { name: `Buy ${world.playerName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Buy ${world.playerName}` });
      await dialog.getByLabel('Shares').fill('600');
      await dialog.getByLabel('Price per share').fill('5');
      const preview = dialog.getByTestId('fill-preview');
      await preview.locator('tbody tr').first().waitFor();
      await screenshot(page, `phone/${width}-buy-preview`);
      expect(await sidewaysScrollers(page)).toEqual([]);
      const totals = preview.locator('.stack-money');
      expect(await totals.count()).toBeGreaterThan(1);
      const problems: string[] = [];
      for (let i = 0; i < (await totals.count()); i++) {
        const p = await inView(totals.nth(i));
        if (p) problems.push(p);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
