/**
 * Seasons in a real browser against the built server: two users play a short season in a league of
 * their own, its commissioner ends it behind the confirmation, both see the archive with the right
 * winner (on the league's seasons page and in the leaderboard's season selector), and the new
 * season trades from the starting cash. Screenshots land in test-results/screenshots/.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { launchBrowser, screenshot, screenshotFailures } from './support/browser.js';
import { callApi, registerMember, type Member } from './support/members.js';
import { startServer, type E2eServer } from './support/server.js';

const stamp = Date.now().toString(36);
const LEAGUE = `Finals ${stamp}`;
const LONG = 90_000;

let server: E2eServer;
let browser: Browser;
const pageErrors: string[] = [];
let a: Member;
let b: Member;

const call = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(server.url, method, path, token, body);

const newMember = (name: string) => registerMember(browser, server.url, name, { stamp, pageErrors });

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
  browser = await launchBrowser();
});

screenshotFailures(() => ({ 'seasons-a': a, 'seasons-b': b }));

afterAll(async () => {
  await a?.context.close();
  await b?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('a season in the browser', () => {
  it(
    'is played by two members, ended by its commissioner, archived with its winner, and followed by a fresh season',
    async () => {
      a = await newMember('sa');
      b = await newMember('sb');
      const { league } = await call<{ league: { id: number; slug: string; inviteCode: string } }>('POST', '/leagues', a.token, {
        name: LEAGUE,
        startingCash: 1_000_000,
      });
      await call('POST', '/leagues/join', b.token, { code: league.inviteCode });
      const players = await call<{ id: number; salary: number }[]>('GET', `/leagues/${league.id}/players`, a.token);
      const playerId = [...players].sort((x, y) => y.salary - x.salary)[0]!.id;
      const inLeague = (path: string) => `/leagues/${league.id}${path}`;

      // The season: A buys 200 and B 50 from the open market at $1.00; B sells A 10 at $5.00. The open
      // market still sells, so shares are worth $1.00 (the mark): B's $40 of profit wins a league ranked by net worth.
      await call('POST', inLeague('/trade/ask'), a.token, { userId: a.id, playerId, shares: 200, pricePerShare: 1 });
      await call('POST', inLeague('/trade/ask'), b.token, { userId: b.id, playerId, shares: 50, pricePerShare: 1 });
      const offer = await call<{ offer: { offerId: number } }>('POST', inLeague('/offers'), b.token, { userId: b.id, playerId, shares: 10, pricePerShare: 5 });
      await call('POST', inLeague('/offers/accept'), a.token, { buyerId: a.id, offerId: offer.offer.offerId });

      // A, the commissioner, ends it on the league's seasons page, behind the confirmation.
      await a.page.goto('/leaderboard');
      await a.page.getByRole('link', { name: 'Seasons', exact: true }).click();
      await a.page.waitForURL(`**/l/${league.slug}/seasons`);
      await a.page.getByText('No season has ended yet.').waitFor();
      await a.page.getByRole('button', { name: 'End season 1' }).click();
      const dialog = a.page.getByRole('dialog', { name: `End season 1 of ${LEAGUE}?` });
      await dialog.getByText('every open ask and offer is cancelled').waitFor();
      const confirm = dialog.getByRole('button', { name: 'End season 1' });
      await expect(confirm.isDisabled()).resolves.toBe(true);
      await dialog.getByLabel(`Type “${LEAGUE}” to confirm`).fill(LEAGUE);
      await screenshot(a.page, 'season-end-confirm-1280');
      await confirm.click();
      await a.page.getByRole('heading', { name: `Season 1: won by ${b.username}` }).waitFor();
      const rows = a.page.getByTestId('season-standing');
      await expect(rows.count()).resolves.toBe(2);
      await expect(rows.first().textContent()).resolves.toContain(b.username);
      await expect(rows.first().textContent()).resolves.toContain('$1,000,040.00');
      await screenshot(a.page, 'season-archive-1280');

      // B sees the same on the leaderboard's season selector; the user box says season 2.
      await b.page.goto('/leaderboard');
      await b.page.getByTestId('user-season').getByText('Season 2').waitFor();
      await b.page
        .getByLabel('Season')
        .getByRole('option', { name: new RegExp(`won by ${b.username}`) })
        .waitFor({ state: 'attached' });
      await b.page.getByLabel('Season').selectOption('1');
      await b.page.getByTestId('season-standing').first().getByText(b.username).waitFor();
      await screenshot(b.page, 'leaderboard-season-1-1280');

      // The new season: B trades from the starting cash.
      await b.page.getByTestId('user-box').getByText('$1,000,000.00').first().waitFor();
      await call('POST', inLeague('/trade/ask'), b.token, { userId: b.id, playerId, shares: 10, pricePerShare: 1 });
      await b.page.reload();
      await b.page.getByTestId('user-box').getByText('$999,990.00').first().waitFor();
      expect(pageErrors).toEqual([]);
    },
    LONG,
  );
});
