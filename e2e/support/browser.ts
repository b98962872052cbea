import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { projectRoot } from '../../src/paths.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    headless: true,
    executablePath: CHROMIUM,
    args: [...ARGS, ...extraArgs],
  });
}

/**
 * Chromium with a real profile in `userDataDir` (not the incognito contexts of launchBrowser): what
 * installing the app and push messaging need.
 */
export function launchProfile(
  userDataDir: string,
  options: { viewport: { width: number; height: number }; baseURL: string; args?: string[]; isMobile?: boolean },
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    headless: true,
    executablePath: CHROMIUM,
    viewport: options.viewport,
    baseURL: options.baseURL,
    isMobile: options.isMobile,
    hasTouch: options.isMobile,
    args: [...ARGS, ...(options.args ?? [])],
  });
}

export const SCREENSHOT_DIR = join(projectRoot, 'test-results', 'screenshots');

/** Saves a full-page screenshot as a test artifact under test-results/screenshots. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * After each test of the file that failed, a picture of each page `pages()` names
 * (`failed-{name}.png`), so a failed step leaves the users' screens behind.
 */
export function screenshotFailures(pages: () => Record<string, { page: Page } | undefined>): void {
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const [name, who] of Object.entries(pages())) if (who) await screenshot(who.page, `failed-${name}`).catch(() => undefined);
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/** The page fits the screen: nothing makes the window scroll sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/**
 * A fresh context and page on the app; uncaught page errors are collected in `errors`. With a
 * session, the app starts signed in (token and user in local storage, as the app keeps them).
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  errors: string[],
  session?: { token: string; user: unknown },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL });
  if (session) {
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('hoops.token', token);
        localStorage.setItem('hoops.user', user);
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
  }
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return { context, page };
}
