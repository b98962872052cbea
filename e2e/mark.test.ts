/**
 * Scores that can't be bought, in a real browser against the built server: a friend pays $3.00 a
 * share while the open market still sells at $1.00, and the player page shows the last price beside
 * the mark (what the shares are worth) with the line that says why; the leaderboard names its
 * ranking, shows shared places, and follows the commissioner's switch on the league's settings; the
 * portfolio values at the mark; a season that ends in a tie names both winners. At 1280 and 375 px;
 * screenshots land in test-results/screenshots/.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, launchBrowser, PHONE, screenshot, screenshotFailures } from './support/browser.js';
import { callApi, registerMember, type Member } from './support/members.js';
import { startServer, type E2eServer } from './support/server.js';

const stamp = Date.now().toString(36);
const LEAGUE = `Marked ${stamp}`;
const TIED = `Dead Heat ${stamp}`;
const LONG = 180_000;

let server: E2eServer;
let browser: Browser;
const pageErrors: string[] = [];
const members: Record<string, Member> = {};

const call = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(server.url, method, path, token, body);

async function newMember(name: string): Promise<Member> {
  const member = await registerMember(browser, server.url, name, { stamp, pageErrors });
  members[name] = member;
  return member;
}

/**
 * The page at both widths: a screenshot of each, and nothing wider than the screen at 375 px; with
 * `standings`, the standings tables do not scroll sideways there either (rank, name and figure in view).
 */
async function atBothWidths(page: Page, name: string, { standings = false } = {}): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
  if (standings) {
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.leaderboard-table')].map((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
    );
    expect(overflowing.length).toBeGreaterThan(0);
    expect(overflowing.filter((extra) => extra > 0)).toEqual([]);
  }
  await screenshot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
}

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
  browser = await launchBrowser();
});

screenshotFailures(() => members);

afterAll(async () => {
  for (const m of Object.values(members)) await m.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the mark and the ranking in the browser', () => {
  it(
    'show what shares are worth beside the last price, rank by the league’s rule with shared places, and name co-winners',
    async () => {
      const ann = await newMember('ma');
      const ben = await newMember('mb');
      const cat = await newMember('mc');
      // A name of 18 characters: it wraps on a phone rather than hiding or pushing the figures aside.
      const dan = await newMember('md_longer');
      const { league } = await call<{ league: { id: number; slug: string; inviteCode: string } }>('POST', '/leagues', ann.token, {
        name: LEAGUE,
        startingCash: 100_000,
      });
      for (const m of [ben, cat, dan]) await call('POST', '/leagues/join', m.token, { code: league.inviteCode });
      const inLeague = (path: string) => `/leagues/${league.id}${path}`;
      const players = await call<{ id: number; name: string; salary: number; team_name: string }[]>('GET', inLeague('/players'), ann.token);
      const player = [...players].sort((x, y) => y.salary - x.salary)[0]!;
      // Ben buys 100 at $1.00 and sells cat 50 at $3.00, while the open market still sells at $1.00.
      await call('POST', inLeague('/trade/ask'), ben.token, { userId: ben.id, playerId: player.id, shares: 100, pricePerShare: 1 });
      const offer = await call<{ offer: { offerId: number } }>('POST', inLeague('/offers'), ben.token, {
        userId: ben.id,
        playerId: player.id,
        shares: 50,
        pricePerShare: 3,
      });
      await call('POST', inLeague('/offers/accept'), cat.token, { buyerId: cat.id, offerId: offer.offer.offerId });

      // The player page: the last price is $3.00, the mark $1.00, and cat's 50 shares are worth $50.00.
      await cat.page.goto(`/l/${league.slug}/market/${player.id}`);
      await cat.page.getByRole('heading', { name: player.name, level: 1 }).waitFor();
      const stats = cat.page.locator('.item-stats');
      await stats.getByText('Last price').waitFor();
      await expect(stats.locator('.item-stat', { hasText: 'Last price' }).textContent()).resolves.toContain('$3.00');
      await expect(stats.locator('.item-stat', { hasText: 'Mark' }).textContent()).resolves.toContain('$1.00');
      const note = cat.page.getByTestId('mark-note');
      await expect(note.textContent()).resolves.toContain('Your 50 shares are worth $50.00 at the mark');
      await expect(note.textContent()).resolves.toContain('at the mark, not the last price: $1.00 while the open market sells all day');
      await atBothWidths(cat.page, 'mark-player');

      // The team page shows both prices too.
      const teams = await call<{ id: number; name: string }[]>('GET', inLeague('/teams'), cat.token);
      const team = teams.find((t) => t.name === players.find((p) => p.id === player.id)!.team_name)!;
      await cat.page.goto(`/l/${league.slug}/teams/${team.id}`);
      await cat.page.getByRole('heading', { name: team.name, level: 1 }).waitFor();
      await expect(cat.page.locator('.item-stat', { hasText: 'Mark' }).textContent()).resolves.toContain('$1.00');
      await cat.page.getByTestId('mark-note').waitFor();
      await atBothWidths(cat.page, 'mark-team');

      // The portfolio values at the mark.
      await cat.page.goto(`/l/${league.slug}/portfolio`);
      await cat.page.getByRole('cell', { name: /\$50\.00\s*at \$1\.00/ }).waitFor();
      await atBothWidths(cat.page, 'mark-portfolio');

      // The leaderboard of a new league ranks by net worth: ben made $100, ann and dan share second place, cat lost $100.
      await ann.page.goto(`/l/${league.slug}/leaderboard`);
      await ann.page.getByText('Ranked by net worth').waitFor();
      const rows = ann.page.locator('.leaderboard-table tbody tr');
      await expect(rows.count()).resolves.toBe(4);
      await expect(rows.nth(0).textContent()).resolves.toMatch(new RegExp(`^1.*${ben.username}.*\\$100,100\\.00`));
      await expect(rows.nth(1).textContent()).resolves.toContain('T-2');
      await expect(rows.nth(2).textContent()).resolves.toContain('T-2');
      await expect(rows.nth(3).textContent()).resolves.toMatch(new RegExp(`^4.*${cat.username}`));
      await atBothWidths(ann.page, 'mark-leaderboard-net-worth', { standings: true });

      // Ann, the commissioner, switches the ranking on the league's settings page.
      await ann.page.goto(`/l/${league.slug}/settings`);
      const ranking = ann.page.getByTestId('league-ranking');
      await ranking.getByText('Leaderboard ranks by').waitFor();
      await expect(ranking.getByRole('radio', { name: /Net worth/ }).isChecked()).resolves.toBe(true);
      await atBothWidths(ann.page, 'mark-league-settings');
      await ranking.getByRole('radio', { name: /Share value/ }).check();
      await ann.page.getByText('The leaderboard now ranks by share value.').waitFor();
      await ann.page.goto(`/l/${league.slug}/leaderboard`);
      await ann.page.getByText('Ranked by share value').waitFor();
      // By share value, ben and cat share first place with 50 shares each at $1.00.
      await expect(rows.nth(0).textContent()).resolves.toContain('T-1');
      await expect(rows.nth(1).textContent()).resolves.toContain('T-1');
      await atBothWidths(ann.page, 'mark-leaderboard-share-value', { standings: true });

      // A league whose season ends tied at the top names both winners.
      const tied = (
        await call<{ league: { id: number; slug: string; inviteCode: string } }>('POST', '/leagues', ben.token, { name: TIED, startingCash: 100_000 })
      ).league;
      await call('POST', '/leagues/join', dan.token, { code: tied.inviteCode });
      await call('POST', `/leagues/${tied.id}/trade/ask`, ben.token, { userId: ben.id, playerId: player.id, shares: 30, pricePerShare: 1 });
      await call('POST', `/leagues/${tied.id}/seasons/end`, ben.token, { confirm: TIED, season: 1 });
      await dan.page.goto(`/l/${tied.slug}/seasons/1`);
      await dan.page.getByRole('heading', { name: `Season 1: ${ben.username} and ${dan.username} tied for first` }).waitFor();
      const standings = dan.page.getByTestId('season-standing');
      await expect(standings.nth(0).textContent()).resolves.toContain('T-1');
      await expect(standings.nth(1).textContent()).resolves.toContain('T-1');
      await atBothWidths(dan.page, 'mark-season-tie', { standings: true });
      await dan.page.goto(`/l/${tied.slug}/leaderboard`);
      await dan.page
        .getByLabel('Season')
        .getByRole('option', { name: new RegExp(`${ben.username} and ${dan.username} tied for first`) })
        .waitFor({ state: 'attached' });
      await dan.page.getByLabel('Season').selectOption('1');
      await dan.page.getByTestId('season-summary').getByText(`ranked by net worth: ${ben.username} and ${dan.username} tied for first`).waitFor();
      await atBothWidths(dan.page, 'mark-leaderboard-season-tie', { standings: true });
      expect(pageErrors).toEqual([]);
    },
    LONG,
  );
});
