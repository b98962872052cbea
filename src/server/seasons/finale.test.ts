import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProblems } from '../../engine/test-support/invariants.js';
import { cents } from '../../shared/money.js';
import type { ChatPage } from '../../shared/schemas/chat.js';
import type { LeagueView } from '../../shared/schemas/leagues.js';
import { CARD_HEIGHT, CARD_WIDTH, SEASON_TEXT, type SeasonArchiveOut, type SeasonList } from '../../shared/schemas/seasons.js';
import { api, registerUser, startTestServer, type TestServer, type TestUser } from '../test-support/server.js';

let server: TestServer;
let webDir: string;
let alice: TestUser; // the commissioner
let bob: TestUser;
let carol: TestUser; // not a member
let league: LeagueView;
let playerId: number;
/** What alice holds at the close. */
let sharesOfAlice: number;
const CASH = 1_000_000;

const inLeague = (path: string) => `/leagues/${league.id}${path}`;
const call = (method: string, path: string, user: TestUser | undefined, body?: unknown) => api(server.url, method, inLeague(path), body, user?.token);
const schedule = (user: TestUser, endsAt: unknown) =>
  api<{ season: { number: number; startedAt: string; endsAt: string | null } }>(server.url, 'PATCH', inLeague('/seasons/current'), { endsAt }, user.token);
const seasons = async () => (await api<SeasonList>(server.url, 'GET', inLeague('/seasons'), undefined, bob.token)).body.seasons;

beforeAll(async () => {
  // The built app is not needed: the archive page's HTML is the web app's index.html with the tags in it.
  webDir = mkdtempSync(join(tmpdir(), 'hoops-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>Hoops Exchange</title></head><body><div id="root"></div></body></html>');
  server = await startTestServer({ webDir });
  [alice, bob, carol] = [await registerUser(server.url, 'fi_alice'), await registerUser(server.url, 'fi_bob'), await registerUser(server.url, 'fi_carol')];
  const players = [...(await api<{ id: number; salary: number }[]>(server.url, 'GET', '/players')).body].sort((a, b) => a.salary - b.salary);
  // The cheapest player, whose open market the season sells out (so his mark is what members traded him at), and another.
  playerId = players[0]!.id;
  const supply = players[0]!.salary;
  const other = players.at(-1)!.id;
  league = (await api<{ league: LeagueView }>(server.url, 'POST', '/leagues', { name: 'Finale Club', startingCash: CASH }, alice.token)).body.league;
  await api(server.url, 'POST', '/leagues/join', { code: league.inviteCode }, bob.token);
  // The season: alice buys all but 500 shares from the open market, bob the last 500; alice sells bob 100 at $3 (the mark: $3);
  // bob buys 10 of another player.
  const buy = (u: TestUser, id: number, shares: number) => call('POST', '/trade/ask', u, { userId: u.id, playerId: id, shares, pricePerShare: 1 });
  expect((await buy(alice, playerId, supply - 500)).status).toBe(200);
  expect((await buy(bob, playerId, 500)).status).toBe(200);
  const offer = await call('POST', '/offers', alice, { userId: alice.id, playerId, shares: 100, pricePerShare: 3 });
  const offerId = (offer.body as { offer: { offerId: number } }).offer.offerId;
  expect((await call('POST', '/offers/accept', bob, { buyerId: bob.id, offerId })).status).toBe(200);
  expect((await buy(bob, other, 10)).status).toBe(200);
  sharesOfAlice = supply - 600;
});
afterAll(async () => {
  await server.stop();
  rmSync(webDir, { recursive: true, force: true });
});

describe('setting when the season ends', () => {
  it('lets only the commissioner set a time in the future, and shows it to members', async () => {
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();
    expect(await schedule(bob, soon)).toMatchObject({ status: 403, body: { error: SEASON_TEXT.scheduleCommissionerOnly } });
    expect((await api(server.url, 'PATCH', inLeague('/seasons/current'), { endsAt: soon }, carol.token)).status).toBe(403);
    expect(await schedule(alice, new Date(Date.now() - 1_000).toISOString())).toMatchObject({ status: 400, body: { error: SEASON_TEXT.endsAtPast } });
    expect(await schedule(alice, new Date(Date.now() + 400 * 24 * 3_600_000).toISOString())).toMatchObject({
      status: 400,
      body: { error: SEASON_TEXT.endsAtTooFar },
    });
    expect(await schedule(alice, 'next friday')).toMatchObject({ status: 400 });
    const set = await schedule(alice, soon);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ season: { number: 1, startedAt: expect.any(String), endsAt: soon } });
    expect(await seasons()).toEqual([{ number: 1, startedAt: expect.any(String), endsAt: soon }]);
    // Cleared: no end time any more.
    expect((await schedule(alice, null)).body.season.endsAt).toBeNull();
    expect(await seasons()).toEqual([{ number: 1, startedAt: expect.any(String) }]);
    expect(server.serverServices.registry.byId(league.id)?.seasonEndsAt).toBeNull();
  });

  it('sets it once per Idempotency-Key: sent again, the first answer, replayed; another time with the same key is refused', async () => {
    const key = `schedule-${process.pid}`;
    const send = async (endsAt: string) => {
      const res = await fetch(`${server.url}/api${inLeague('/seasons/current')}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}`, 'idempotency-key': key },
        body: JSON.stringify({ endsAt }),
      });
      return { status: res.status, body: (await res.json()) as unknown, replayed: res.headers.get('idempotent-replayed') };
    };
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const first = await send(inTwoHours);
    expect(first).toMatchObject({ status: 200, replayed: null, body: { season: { number: 1, endsAt: inTwoHours } } });
    expect(await send(inTwoHours)).toEqual({ ...first, replayed: 'true' });
    expect(await send(new Date(Date.now() + 3 * 3_600_000).toISOString())).toMatchObject({ status: 422 });
    expect((await seasons())[0]!.endsAt).toBe(inTwoHours);
    // The key is kept in the league's file, where the end time is.
    const kept = server.serverServices.forLeague(league.id)!.db.$client.prepare('SELECT command FROM idempotency_keys WHERE user_id = ? AND key = ?');
    expect(kept.get(alice.id, key)).toEqual({ command: 'seasons.schedule' });
    expect((await schedule(alice, null)).body.season.endsAt).toBeNull();
  });

  it('leaves the default league’s end time to the server’s admins', async () => {
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();
    expect(await api(server.url, 'PATCH', '/leagues/1/seasons/current', { endsAt: soon }, bob.token)).toMatchObject({
      status: 403,
      body: { error: SEASON_TEXT.scheduleAdminOnly },
    });
  });
});

describe('a season scheduled 5 s ahead', () => {
  it('ends by itself, once, with its archive, recap and the feed told; the next season runs without an end time', async () => {
    const endsAt = Date.now() + 5_000;
    expect((await schedule(alice, new Date(endsAt).toISOString())).status).toBe(200);
    await expect.poll(async () => (await seasons()).length, { timeout: 20_000, interval: 250 }).toBe(2);
    const [first, second] = await seasons();
    expect(Date.parse(first!.endedAt!)).toBeGreaterThanOrEqual(endsAt);
    expect(first!.endsAt).toBeUndefined();
    expect(second).toEqual({ number: 2, startedAt: first!.endedAt });

    const archive = (await call('GET', '/seasons/1', bob)).body as SeasonArchiveOut;
    expect(archive.standings.map((s) => s.username)).toEqual(['fi_alice', 'fi_bob']);
    // Valued at the mark ($3: the open market sold out, and members traded him at $3), ranked by net worth (a new league's rule).
    const shareValue = sharesOfAlice * 3;
    const total = CASH - (sharesOfAlice + 100) + 300 + shareValue;
    expect(archive.season.ranking).toBe('netWorth');
    expect(archive.standings.map((s) => [s.username, s.rank, s.tied, s.total])).toEqual([
      ['fi_alice', 1, false, total],
      ['fi_bob', 2, false, CASH - 810 + 600 * 3 + 10],
    ]);
    expect(archive.recap.champions).toEqual([{ userId: alice.id, username: 'fi_alice', total, shareValue }]);
    expect(archive.season.winners).toEqual([{ userId: alice.id, username: 'fi_alice' }]);
    expect(archive.recap.awards).toEqual({
      bestReturn: { userId: alice.id, username: 'fi_alice', returnPct: Math.round(((total - CASH) / CASH) * 1000) / 10, total },
      bestTrade: expect.objectContaining({
        userId: alice.id,
        shares: sharesOfAlice + 100,
        price: 1,
        closingPrice: 3,
        profit: (sharesOfAlice + 100) * 2,
        itemId: playerId,
      }),
      mostActive: { userId: bob.id, username: 'fi_bob', trades: 3 },
      longestHeldWinner: expect.objectContaining({ userId: alice.id, itemId: playerId, days: 0, gainPct: 200 }),
    });
    expect(archive.share.cardUrl).toMatch(new RegExp(`^http://game\\.test/api/leagues/${league.id}/seasons/1/card\\.png\\?share=[A-Za-z0-9_-]{22}$`));

    // Once: one end in the audit log (by the schedule), one moment in the feed.
    const feed = (await call('GET', '/chat', bob)).body as ChatPage;
    expect(feed.messages.filter((m) => m.kind === 'seasonEnded').map((m) => m.text)).toEqual(['Season 1 ended: fi_alice won']);
    const ends = () =>
      (server.accounts.$client.prepare("SELECT actor, details FROM audit_log WHERE action = 'season.end'").all() as { actor: string; details: string }[])
        .filter((e) => (JSON.parse(e.details) as { leagueId: number }).leagueId === league.id)
        .map((e) => e.actor);
    await expect.poll(ends).toEqual(['the season’s schedule']);
    expect(server.serverServices.registry.byId(league.id)?.seasonEndsAt).toBeNull();
    // The new season trades from the starting cash, with nothing of the old one held.
    const db = server.serverServices.forLeague(league.id)!.db;
    expect(ledgerProblems(db, cents(CASH * 100), 2)).toEqual([]);
    expect(db.$client.prepare('SELECT COUNT(*) AS n FROM holdings').get()).toEqual({ n: 0 });
  }, 30_000);
});

describe('the recap card and the archive page', () => {
  it('is a PNG of 1200×630 for members, and for others only with the share link’s key', async () => {
    const archive = (await call('GET', '/seasons/1', bob)).body as SeasonArchiveOut;
    const card = await fetch(`${server.url}/api${inLeague('/seasons/1/card.png')}`, { headers: { authorization: `Bearer ${bob.token}` } });
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await card.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: CARD_WIDTH, height: CARD_HEIGHT });
    // Text was drawn: the card is not one flat colour.
    const stats = await sharp(png).stats();
    expect(stats.channels[0]!.max - stats.channels[0]!.min).toBeGreaterThan(100);

    expect((await fetch(`${server.url}/api${inLeague('/seasons/1/card.png')}`)).status).toBe(403);
    expect((await fetch(`${server.url}/api${inLeague('/seasons/1/card.png')}?share=${'x'.repeat(22)}`)).status).toBe(403);
    const shared = await fetch(archive.share.cardUrl.replace('http://game.test', server.url));
    expect(shared.status).toBe(200);
    expect(shared.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await fetch(`${server.url}/api${inLeague('/seasons/9/card.png')}`, { headers: { authorization: `Bearer ${bob.token}` } })).status).toBe(404);
  });

  it('serves the archive page with its Open Graph tags in the HTML, to a crawler holding the share link', async () => {
    const archive = (await call('GET', '/seasons/1', bob)).body as SeasonArchiveOut;
    const html = await (await fetch(archive.share.url.replace('http://game.test', server.url))).text();
    const og = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
    expect(og('og:title')).toBe('Finale Club, season 1: fi_alice won');
    expect(og('og:image')).toBe(archive.share.cardUrl.replace(/&/g, '&amp;'));
    expect(og('og:image:width')).toBe('1200');
    expect(og('og:image:height')).toBe('630');
    expect(og('og:description')).toEqual(expect.stringMatching(/^Best return: fi_alice \(\+\d+(\.\d)?%\)/));
    expect(og('og:description')!.startsWith(`Best return: fi_alice (+${archive.recap.awards.bestReturn!.returnPct}%)`)).toBe(true);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<div id="root"></div>');
    // Without the key an invite-only league's page tells nothing.
    const bare = await (await fetch(`${server.url}/l/${league.slug}/seasons/1`)).text();
    expect(bare).not.toContain('og:title');
    expect(bare).not.toContain('fi_alice');
  });
});
