/**
 * A retirement's payouts are trades like any other: a browser watching the ticker sees the open
 * market buy the holder's shares back at $1.00 as it happens, without a reload (and without asking
 * for the recent trades again: only the live feed can bring it).
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, launchBrowser, screenshot } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const run = promisify(execFile);
const stamp = Date.now().toString(36).slice(-5);

let server: E2eServer;
let browser: Browser;

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

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a retirement', () => {
  it('shows its payout on a watching browser’s ticker without a reload', async () => {
    const admin = await api<{ token: string; user: { id: number } }>('POST', '/auth/register', {
      username: `ret_${stamp}`,
      email: `ret.${stamp}@example.com`,
      password: 'correct horse battery',
    });
    await run(process.execPath, ['dist/node/cli/admin.js', 'grant', `ret_${stamp}`], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: server.dataDir },
    });
    const players = await api<{ id: number; name: string }[]>('GET', '/players');
    const player = players[0]!;
    // 37 bought, 5 dumped: the retirement pays for the 32 left, a trade of its own on the ticker.
    await api('POST', '/trade/ask', { userId: admin.user.id, playerId: player.id, shares: 37, pricePerShare: 1 }, admin.token);
    await api('POST', '/trade/dump', { userId: admin.user.id, playerId: player.id, shares: 5 }, admin.token);

    const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const ticker = page.getByTestId('ticker');
      await ticker.getByText('5 @ $1.00').waitFor();
      await ticker.getByText('37 @ $1.00').waitFor();
      // From here on the page cannot fetch the recent trades again, nor load another page.
      await page.route(/trades\.recent/, (route) => route.abort());
      await page.evaluate(() => ((window as unknown as { watching: boolean }).watching = true));

      await api('POST', '/admin/retire-player', { playerId: player.id }, admin.token);

      const payout = ticker.getByRole('listitem').filter({ hasText: '32 @ $1.00' });
      await payout.waitFor({ timeout: 15_000 });
      await expect(payout.getByRole('link').textContent()).resolves.toBe(player.name);
      await screenshot(page, 'retirement-ticker-1280');
      await expect(page.evaluate(() => (window as unknown as { watching?: boolean }).watching)).resolves.toBe(true);
    } finally {
      await context.close();
    }
  }, 90_000);
});
