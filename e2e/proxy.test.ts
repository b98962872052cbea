/**
 * The game as it is hosted: behind Caddy with the project's deploy/Caddyfile, over HTTPS (Caddy's
 * own certificate authority on a local name), with TRUST_PROXY=1 as in deploy/compose.yaml. A real
 * browser registers, buys shares and receives the live ticker over wss:// through the proxy; REST
 * clients from distinct loopback addresses each get their own rate limit; the security headers
 * arrive intact.
 *
 * Needs `npm run build` first, Caddy at /usr/bin/caddy and Chromium at /usr/bin/chromium.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { DESKTOP, launchBrowser, screenshot } from './support/browser.js';
import { startCaddy, type Caddy } from './support/caddy.js';
import { startServer, type E2eServer } from './support/server.js';

const HOST = 'hoops.test';
const stamp = Date.now().toString(36);
let server: E2eServer;
let caddy: Caddy;
let browser: Browser;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request to the site through Caddy, sent from `from` (a loopback address). */
function viaProxy(method: string, path: string, options: { body?: unknown; from?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        method,
        host: '127.0.0.1',
        port: caddy.port,
        path,
        servername: HOST,
        ca: caddy.rootCa,
        localAddress: options.from ?? '127.0.0.1',
        headers: { host: `${HOST}:${caddy.port}`, ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let registered = 0;
function register(from: string, headers?: Record<string, string>): Promise<Answer> {
  registered += 1;
  const username = `proxied_${stamp}_${registered}`;
  return viaProxy('POST', '/api/auth/register', { from, headers, body: { username, email: `${username}@example.com`, password: 'correct horse battery' } });
}

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer({ TRUST_PROXY: '1' });
  caddy = await startCaddy(new URL(server.url).host, HOST, mkdtempSync(join(tmpdir(), 'hoops-caddy-')));
  browser = await launchBrowser([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);
});

afterAll(async () => {
  await browser?.close();
  await caddy?.stop();
  await server?.stop();
});

describe('behind Caddy over HTTPS', () => {
  it('serves the app with the security headers intact, and HSTS from the proxy', async () => {
    const page = await viaProxy('GET', '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    const api = await viaProxy('GET', '/api/players');
    expect(api.status).toBe(200);
    expect(api.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('gives each client its own registration limit: the eleventh from one address is refused, another address still registers', async () => {
    for (let i = 0; i < 10; i++) expect((await register('127.0.0.2')).status).toBe(200);
    const eleventh = await register('127.0.0.2');
    expect(eleventh.status).toBe(429);
    // A forged header does not make the same client look new: the proxy adds the real address last.
    expect((await register('127.0.0.2', { 'x-forwarded-for': '203.0.113.50' })).status).toBe(429);
    expect((await register('127.0.0.3')).status).toBe(200);
    // The game logged the clients' addresses, not the proxy's (its log is written asynchronously).
    const loggedAddresses = () =>
      new Set(
        server
          .logs()
          .split('\n')
          .flatMap((line) => (line.includes('"/api/auth/register"') ? [(JSON.parse(line) as { req: { ip: string } }).req.ip] : [])),
      );
    await expect.poll(loggedAddresses).toEqual(new Set(['127.0.0.2', '127.0.0.3']));
  });

  it('lets a browser register, buy shares and receive the live ticker over wss://', async () => {
    const players = JSON.parse((await viaProxy('GET', '/api/players')).body) as { id: number; name: string; salary: number }[];
    const player = [...players].sort((x, y) => x.salary - y.salary)[0]!;
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: caddy.url, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const sockets: string[] = [];
    const frames: string[] = [];
    page.on('websocket', (ws) => {
      sockets.push(ws.url());
      ws.on('framereceived', (frame) => frames.push(String(frame.payload)));
    });

    const username = `browser_${stamp}`;
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByTestId('user-box').getByText('$80,000,000.00').first().waitFor();

    await page.goto('/market');
    await page.getByLabel('Search players').fill(player.name);
    await page.getByRole('button', { name: `Buy ${player.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Buy ${player.name}` });
    await dialog.getByLabel('Shares').fill('10');
    await dialog.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Purchased 10 shares' }).first().waitFor();

    await page.getByTestId('ticker').getByText(player.name).first().waitFor();
    await expect.poll(() => frames.some((f) => f.includes('tradesCompleted') && f.includes(player.name)), { timeout: 10_000 }).toBe(true);
    expect(sockets.length).toBeGreaterThan(0);
    expect(sockets.every((url) => url.startsWith(`wss://${HOST}:${caddy.port}/trpc`))).toBe(true);
    await screenshot(page, 'proxy-https-market-1280');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
