/**
 * The installable app, checked the way Lighthouse's PWA audits do, and for real in Chromium: the
 * manifest (name, icons of the sizes browsers ask for, standalone, theme colour), the service worker
 * (registered, controlling, precaching the shell, a second load served by it), Chromium's own
 * installability verdict, the install hint, and the offline pages. Prints the load times.
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchProfile, PHONE, screenshot } from './support/browser.js';
import { callApi, PASSWORD } from './support/members.js';
import { startServer, type E2eServer } from './support/server.js';

let server: E2eServer;

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Milliseconds from navigation start until the home page shows its heading. */
async function timedHomeLoad(page: Page): Promise<{ ms: number; fromServiceWorker: boolean }> {
  const started = Date.now();
  const response = await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return { ms: Date.now() - started, fromServiceWorker: response?.fromServiceWorker() ?? false };
}

/** The answers the app keeps in this browser for offline use (src/web/pwa/keptAnswers.ts): whose, and of which call. */
function keptAnswers(page: Page): Promise<{ user: number | string; path: string }[]> {
  return page.evaluate(async () => {
    const name = 'hoops-kept-answers';
    // Only a store the app made: opening a missing one here would make it without its object store.
    if (!(await indexedDB.databases()).some((db) => db.name === name)) return [];
    return new Promise<{ user: number | string; path: string }[]>((resolve) => {
      const open = indexedDB.open(name);
      open.onerror = () => resolve([]);
      open.onsuccess = () => {
        const db = open.result;
        const keys = db.transaction('answers').objectStore('answers').getAllKeys();
        keys.onsuccess = () => {
          db.close();
          resolve(
            keys.result.map((key) => {
              // The key: the app's build, the user, the league, the call, its input.
              const [, user, , path] = JSON.parse(String(key)) as [string, number | string, unknown, string];
              return { user, path };
            }),
          );
        };
      };
    });
  });
}

describe('the installable app', () => {
  it('has a manifest with the fields, icons and display an install needs, linked from every page', async () => {
    const html = await (await fetch(`${server.url}/portfolio`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/i);
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
    expect(html).toContain('name="viewport"');

    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/manifest\+json|json/);
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Hoops Exchange', short_name: 'Hoops', start_url: '/', scope: '/', display: 'standalone', theme_color: '#00653a' });
    const sizes = new Map<string, string[]>();
    for (const icon of manifest.icons) {
      const file = await fetch(`${server.url}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
      expect(meta.format).toBe('png');
      sizes.set(icon.purpose ?? 'any', [...(sizes.get(icon.purpose ?? 'any') ?? []), icon.sizes]);
    }
    expect(sizes.get('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes.get('maskable')).toEqual(['512x512']);
    const apple = await sharp(Buffer.from(await (await fetch(`${server.url}/apple-touch-icon.png`)).arrayBuffer())).metadata();
    expect([apple.width, apple.height, apple.hasAlpha]).toEqual([180, 180, false]);
    console.log(
      `PWA check: manifest ok (name, short_name, start_url, scope, display standalone, theme_color ${manifest.theme_color}), icons ${manifest.icons.map((i) => `${i.sizes}${i.purpose === 'maskable' ? ' maskable' : ''}`).join(', ')}, apple-touch-icon 180x180`,
    );
  });

  it('serves the service worker fresh, under a policy that allows only our own worker and manifest', async () => {
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toContain('javascript');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toContain('index.html');
    const csp = sw.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });

  it('is installable in Chromium, loads the second time from its service worker, and opens offline', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'hoops-profile-'));
    const context = await launchProfile(profile, { viewport: PHONE, baseURL: server.url, isMobile: true, args: ['--bypass-app-banner-engagement-checks'] });
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      const first = await timedHomeLoad(page);
      expect(first.fromServiceWorker).toBe(false);
      // The worker installs (precaching the shell) and takes the page.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);
      const { errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
      expect(manifestErrors).toEqual([]);
      // Where the browser offers to install, the page says so.
      await page.reload();
      await page.getByTestId('install-hint').waitFor({ timeout: 10_000 });
      await expect(page.getByTestId('install-hint').getByRole('button', { name: 'Install' }).isVisible()).resolves.toBe(true);

      const second = await timedHomeLoad(page);
      expect(second.fromServiceWorker).toBe(true);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      console.log(`Home page on a ${PHONE.width}px phone viewport: first load ${first.ms} ms, second load ${second.ms} ms (served by the service worker)`);
      console.log('PWA check: service worker registered and controlling; Chromium installability errors: none; manifest errors: none');

      // Offline: the shell still opens every route, and says why the market does not load.
      await context.setOffline(true);
      await page.goto('/leaderboard', { waitUntil: 'domcontentloaded' });
      await page.getByTestId('offline-notice').waitFor();
      await expect(page.getByTestId('offline-notice').textContent()).resolves.toContain('You are offline');
      await screenshot(page, 'offline-app-375');
      // What only the server can answer: the friendly offline page.
      await page.goto('/api/players');
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      await screenshot(page, 'offline-page-375');
      await context.setOffline(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, 60_000);

  it('shows a signed-in member the market and portfolio they last had when offline, marked with the time of that copy, and drops the mark back online', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'hoops-profile-'));
    const context = await launchProfile(profile, { viewport: PHONE, baseURL: server.url, isMobile: true });
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      const stamp = Date.now().toString(36);
      await page.goto('/register');
      await page.getByLabel('Username').fill(`off_${stamp}`);
      await page.getByLabel('Email').fill(`off.${stamp}@example.com`);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByTestId('user-box').getByText('$80,000,000.00').first().waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const [token, userJson] = await page.evaluate(() => [localStorage.getItem('hoops.token'), localStorage.getItem('hoops.user')]);
      const userId = (JSON.parse(userJson!) as { id: number }).id;
      const players = await callApi<{ id: number; name: string }[]>(server.url, 'GET', '/players', token);
      const player = players[0]!;
      await callApi(server.url, 'POST', '/trade/ask', token, { userId, playerId: player.id, shares: 10, pricePerShare: 1 });

      // Online, under the service worker: the market and the portfolio, and their answers kept in the browser.
      await page.goto('/market');
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      const rows = page.locator('[data-testid^="player-row-"]');
      await rows.first().waitFor();
      const marketRows = await rows.allInnerTexts();
      // The list is kept by a write of the page's own: leaving the page before it ends (a busy machine) would drop it.
      await expect.poll(async () => (await keptAnswers(page)).map((a) => `${a.user} ${a.path}`)).toContain(`${userId} market.players`);
      await page.goto('/portfolio');
      const holding = page.locator('main').getByText(player.name).first();
      await holding.waitFor();
      const userBox = page.getByTestId('user-box');
      await userBox.getByText('$79,999,990.00').first().waitFor();
      const userBoxOnline = await userBox.innerText();
      await expect
        .poll(async () => (await keptAnswers(page)).map((a) => `${a.user} ${a.path}`))
        .toEqual(expect.arrayContaining([`${userId} market.players`, `${userId} portfolio.get`]));
      await expect(page.getByTestId('offline-notice').count()).resolves.toBe(0);

      // Offline: each page shows what it last had, not a spinner, marked with the time of that copy.
      await context.setOffline(true);
      await page.goto('/market', { waitUntil: 'domcontentloaded' });
      const notice = page.getByTestId('offline-notice');
      await notice.waitFor();
      await rows.first().waitFor();
      expect(await rows.allInnerTexts()).toEqual(marketRows);
      await expect.poll(() => notice.textContent()).toMatch(/^Offline — prices as of \d{1,2}:\d{2}\s[AP]M\. You are offline/);
      await expect(page.locator('.loading').count()).resolves.toBe(0);
      await screenshot(page, 'offline-market-375');

      await page.goto('/portfolio', { waitUntil: 'domcontentloaded' });
      await holding.waitFor();
      await expect(userBox.innerText()).resolves.toBe(userBoxOnline);
      await expect.poll(() => notice.textContent()).toMatch(/^Offline — prices as of /);
      await expect(page.locator('.loading').count()).resolves.toBe(0);
      await screenshot(page, 'offline-portfolio-375');
      // A page never opened on this device says it waits for the network, with no spinner.
      await page.goto('/leaderboard', { waitUntil: 'domcontentloaded' });
      await page.getByText('You are offline, and this has not been loaded on this device yet').waitFor();
      await expect(page.locator('.loading').count()).resolves.toBe(0);
      await page.goto('/portfolio', { waitUntil: 'domcontentloaded' });
      await holding.waitFor();

      // Back online: the pages ask again, and the mark goes; the holding stays.
      await context.setOffline(false);
      await notice.waitFor({ state: 'detached' });
      await holding.waitFor();

      // Logging out empties the copy: the next person on this device sees none of it.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('hoops.token'))).toBeNull();
      await expect.poll(async () => (await keptAnswers(page)).filter((a) => a.user === userId)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, 90_000);
});
