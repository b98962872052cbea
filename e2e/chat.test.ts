/**
 * The league's chat in real browsers against the built server: two members, each in a browser of
 * their own, see each other's messages arrive live (on the chat page and in the panel beside the
 * market), a `<script>` and a right-to-left override arrive as text, links are plain safe links,
 * reactions and the unread badge follow, and the pages read at 375 px and 1280 px. Screenshots land in
 * test-results/screenshots/.
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

/** A chat member has a browser of their own. */
type ChatMember = Member & { browser: Browser };

const stamp = Date.now().toString(36);
const LEAGUE = `Banter ${stamp}`;
const LONG = 120_000;

let server: E2eServer;
const browsers: Browser[] = [];
const pageErrors: string[] = [];
let a: ChatMember;
let b: ChatMember;

const call = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(server.url, method, path, token, body);

/** A member in a browser of their own (not just a context): registered through the page. */
async function newMember(name: string, viewport = DESKTOP): Promise<ChatMember> {
  const browser = await launchBrowser();
  browsers.push(browser);
  return { ...(await registerMember(browser, server.url, name, { stamp, pageErrors, viewport })), browser };
}

async function send(page: Page, text: string): Promise<void> {
  const composer = page.getByTestId('chat-feed').getByTestId('chat-composer');
  await composer.getByLabel('Message').fill(text);
  await composer.getByRole('button', { name: 'Send' }).click();
}

const feedTexts = (page: Page, where = 'chat-feed') => page.getByTestId(where).getByTestId('message-text').allTextContents();

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
});

screenshotFailures(() => ({ 'chat-a': a, 'chat-b': b }));

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.stop();
});

describe('the league chat in two browsers', () => {
  it(
    'shows each member the other’s messages live, as text, with reactions and the unread badge',
    async () => {
      a = await newMember('ca');
      b = await newMember('cb', PHONE);
      const { league } = await call<{ league: { id: number; slug: string; inviteCode: string } }>('POST', '/leagues', a.token, {
        name: LEAGUE,
        startingCash: 1_000_000,
      });
      await call('POST', '/leagues/join', b.token, { code: league.inviteCode });
      const chat = `/l/${league.slug}/chat`;

      await a.page.goto(chat);
      await b.page.goto(chat);
      for (const m of [a, b]) await m.page.getByTestId('chat-feed').getByText(`${b.username} joined the league`).waitFor();

      // A writes; B sees it without reloading, and answers; A sees that.
      await send(a.page, 'Welcome to the league! Rules: https://example.com/rules');
      await b.page.getByTestId('chat-feed').getByText('Welcome to the league!').waitFor({ timeout: 10_000 });
      await send(b.page, 'Thanks, I am taking the title this year');
      await a.page.getByTestId('chat-feed').getByText('I am taking the title').waitFor({ timeout: 10_000 });

      // A double click on Send posts once: the button locks from the first click, and the message's key does the rest.
      const composer = a.page.getByTestId('chat-feed').getByTestId('chat-composer');
      await composer.getByLabel('Message').fill('Only once, however hard I click');
      await composer.getByRole('button', { name: 'Send' }).dblclick();
      await b.page.getByTestId('chat-feed').getByText('Only once, however hard I click').waitFor({ timeout: 10_000 });
      await composer.getByRole('button', { name: 'Send' }).waitFor();
      const posted = await call<{ messages: { text: string }[] }>('GET', `/leagues/${league.id}/chat`, a.token);
      expect(posted.messages.filter((m) => m.text === 'Only once, however hard I click')).toHaveLength(1);

      // Markup and a right-to-left override arrive as the text they are: no element made, nothing run.
      const script = '<script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">';
      const rtl = 'my file: \u202Egnp.exe';
      await send(b.page, script);
      await send(b.page, rtl);
      await a.page.getByTestId('chat-feed').getByText('<script>window.__pwned', { exact: false }).waitFor({ timeout: 10_000 });
      await a.page.getByTestId('chat-feed').getByText('my file:', { exact: false }).waitFor();
      const texts = await feedTexts(a.page);
      expect(texts).toContain(script);
      const feed = a.page.getByTestId('chat-feed');
      await expect(feed.locator('script, img[src="x"]').count()).resolves.toBe(0);
      await expect(a.page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned === true)).resolves.toBe(false);
      // The override shows as a mark naming it, in the order it was typed: it turns nothing around.
      const shown = feed.getByTestId('message-text').filter({ hasText: 'my file:' });
      await expect(shown.textContent()).resolves.toBe('my file: RLOgnp.exe');
      await expect(shown.getByTitle(/direction control \(RLO, U\+202E\)/).count()).resolves.toBe(1);
      await expect(shown.evaluate((el) => getComputedStyle(el).unicodeBidi)).resolves.toBe('isolate');
      // The link is a plain one that leaves the page without its reference.
      const link = feed.getByRole('link', { name: 'https://example.com/rules' });
      await expect(link.getAttribute('href')).resolves.toBe('https://example.com/rules');
      await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer nofollow ugc');

      // B reacts on A's message; A sees the count.
      const welcome = b.page.getByTestId('chat-feed').getByTestId('chat-message').filter({ hasText: 'Welcome to the league!' });
      await welcome.getByRole('button', { name: 'Add a reaction' }).click();
      await welcome.getByRole('button', { name: '🔥' }).click();
      await a.page
        .getByTestId('chat-feed')
        .getByTestId('chat-message')
        .filter({ hasText: 'Welcome to the league!' })
        .getByRole('button', { name: '🔥 1' })
        .waitFor({ timeout: 10_000 });

      await screenshot(a.page, 'chat-page-1280');
      await screenshot(b.page, 'chat-page-375');

      // At 1280 px the market keeps its whole table, with a way to the chat; on a wider screen the chat sits beside it, live.
      await a.page.goto(`/l/${league.slug}/market`);
      await a.page.getByTestId('chat-shortcut').waitFor();
      await expect(a.page.getByTestId('chat-panel').count()).resolves.toBe(0);
      await a.page.getByRole('button', { name: /^Buy / }).first().waitFor();
      await expect(a.page.getByRole('button', { name: /^Buy / }).first().isVisible()).resolves.toBe(true);
      await screenshot(a.page, 'market-chat-shortcut-1280');
      await a.page.setViewportSize({ width: 1600, height: 900 });
      const panel = a.page.getByTestId('chat-panel');
      await panel.getByText('I am taking the title').waitFor();
      await send(b.page, 'Check the market, I just moved');
      await panel.getByText('Check the market, I just moved').waitFor({ timeout: 10_000 });
      // Every column of the market, its Buy buttons included, in view beside the panel.
      const buy = await a.page.getByRole('button', { name: /^Buy / }).first().boundingBox();
      const side = await panel.boundingBox();
      expect(buy!.x + buy!.width).toBeLessThan(side!.x);
      await screenshot(a.page, 'market-chat-panel-1600');

      await b.page.goto(`/l/${league.slug}/portfolio`);
      const panelComposer = panel.getByTestId('chat-composer');
      await panelComposer.getByLabel('Message').fill('Are you there?');
      await panelComposer.getByRole('button', { name: 'Send' }).click();
      await b.page.getByRole('button', { name: 'Menu' }).click();
      const badge = b.page.getByRole('link', { name: /^Chat/ });
      await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toMatch(/Chat\s*\d+/);
      await screenshot(b.page, 'chat-badge-375');

      expect(pageErrors).toEqual([]);
    },
    LONG,
  );
});
