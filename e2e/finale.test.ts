/**
 * A season's finale in real browsers against the built server: the commissioner sets when the
 * season ends on its seasons page; a member sees the countdown in the user box; the season ends by
 * itself and the member sees its archive with the recap (champion, awards, the card); the archive
 * page's HTML carries the card's Open Graph tags for a link previewed signed out. Screenshots at
 * 1280 and 375 px land in test-results/screenshots/.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import type { SeasonArchiveOut } from '../src/shared/schemas/seasons.js';
import { DESKTOP, launchBrowser, PHONE, screenshot, screenshotFailures } from './support/browser.js';
import { callApi, registerMember, type Member } from './support/members.js';
import { startServer, type E2eServer } from './support/server.js';

const stamp = Date.now().toString(36);
const LEAGUE = `Finale ${stamp}`;
const LONG = 150_000;

let server: E2eServer;
let browser: Browser;
const pageErrors: string[] = [];
let a: Member;
let b: Member;

const call = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(server.url, method, path, token, body);

const newMember = (name: string, viewport = DESKTOP) => registerMember(browser, server.url, name, { stamp, pageErrors, viewport });

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
  browser = await launchBrowser();
});

screenshotFailures(() => ({ 'finale-a': a, 'finale-b': b }));

afterAll(async () => {
  await a?.context.close();
  await b?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('a season with a finale', () => {
  it(
    'counts down for every member, ends by itself, and leaves a recap with a shareable card',
    async () => {
      a = await newMember('fa');
      b = await newMember('fb', PHONE);
      const { league } = await call<{ league: { id: number; slug: string; inviteCode: string } }>('POST', '/leagues', a.token, {
        name: LEAGUE,
        startingCash: 1_000_000,
      });
      await call('POST', '/leagues/join', b.token, { code: league.inviteCode });
      const inLeague = (path: string) => `/leagues/${league.id}${path}`;
      // The cheapest player's open market sold out between them, then a trade at $4 between members: his mark is $4.
      const players = await call<{ id: number; salary: number }[]>('GET', inLeague('/players'), a.token);
      const cheapest = [...players].sort((x, y) => x.salary - y.salary)[0]!;
      const playerId = cheapest.id;
      await call('POST', inLeague('/trade/ask'), a.token, { userId: a.id, playerId, shares: cheapest.salary - 500, pricePerShare: 1 });
      await call('POST', inLeague('/trade/ask'), b.token, { userId: b.id, playerId, shares: 500, pricePerShare: 1 });
      const offer = await call<{ offer: { offerId: number } }>('POST', inLeague('/offers'), a.token, { userId: a.id, playerId, shares: 100, pricePerShare: 4 });
      await call('POST', inLeague('/offers/accept'), b.token, { buyerId: b.id, offerId: offer.offer.offerId });

      // The commissioner sets the end time on the seasons page, in their own time zone.
      await a.page.goto(`/l/${league.slug}/seasons`);
      const card = a.page.getByTestId('season-schedule');
      await card.getByText('No end time yet').waitFor();
      const later = new Date(Date.now() + 3 * 24 * 3_600_000);
      const local = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, '0')}-${String(later.getDate()).padStart(2, '0')}T20:00`;
      await card.getByLabel('Ends by itself at').fill(local);
      await card.getByRole('button', { name: 'Set the end time' }).click();
      await card
        .getByTestId('season-countdown')
        .getByText(/^Ends in \dd \d\dh \d\dm$/)
        .waitFor();
      await screenshot(a.page, 'season-schedule-1280');

      // Then, for the test, five seconds from now (over the API, as a script would).
      await call('PATCH', inLeague('/seasons/current'), a.token, { endsAt: new Date(Date.now() + 6_000).toISOString() });
      await b.page.goto(`/l/${league.slug}/leaderboard`);
      const badge = b.page.getByTestId('user-season');
      await badge.getByText(/ends in 00:00:0\d/).waitFor({ timeout: 10_000 });
      await screenshot(b.page, 'season-countdown-375');
      // It ends by itself: the member's screens move to season 2 without a reload.
      await badge.getByText('Season 2').waitFor({ timeout: 30_000 });
      await expect(badge.getByTestId('season-countdown').count()).resolves.toBe(0);

      await b.page.goto(`/l/${league.slug}/seasons/1`);
      const recap = b.page.getByTestId('season-recap');
      await recap.getByRole('heading', { name: a.username }).waitFor();
      await recap.getByText('Best single trade').waitFor();
      await recap.getByText('Most active trader').waitFor();
      const image = recap.getByRole('img', { name: /recap card of season 1/ });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 10_000 }).toBe(1200);
      await screenshot(b.page, 'season-recap-375');
      await a.page.goto(`/l/${league.slug}/seasons/1`);
      await a.page.getByTestId('season-recap').getByText('Best return').waitFor();
      await screenshot(a.page, 'season-recap-1280');

      // Its link previews with the card: the tags are in the HTML, for a crawler signed out.
      const archive = await call<SeasonArchiveOut>('GET', inLeague('/seasons/1'), b.token);
      const html = await (await fetch(archive.share.url)).text();
      expect(html).toContain(`<meta property="og:image" content="${archive.share.cardUrl.replace(/&/g, '&amp;')}" />`);
      expect(html).toContain(`<meta property="og:title" content="${LEAGUE}, season 1: ${a.username} won" />`);
      expect(html).toMatch(/<script type="module"[^>]*src="\/assets\//);
      const png = await fetch(archive.share.cardUrl);
      expect(png.headers.get('content-type')).toBe('image/png');

      // The league's rules: from its invite page, and for its members.
      await b.page.goto(`/join/${league.inviteCode}`);
      await b.page.getByRole('link', { name: 'Read the league’s rules' }).click();
      const rules = b.page.getByTestId('league-rules');
      await rules.getByText('$1,000,000.00 for every member').waitFor();
      await rules.getByText(`${a.username} runs the league`).waitFor();
      await rules.getByText('locked for 7 days').waitFor();
      await screenshot(b.page, 'league-rules-375');
      await a.page.goto(`/l/${league.slug}/rules`);
      await a.page.getByTestId('league-rules').getByText('Season 2 started').waitFor();
      await screenshot(a.page, 'league-rules-1280');
      expect(pageErrors).toEqual([]);
    },
    LONG,
  );
});
