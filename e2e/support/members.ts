import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP } from './browser.js';

/** A member signed in through the register page, with their browser context. */
export interface Member {
  username: string;
  id: number;
  token: string;
  context: BrowserContext;
  page: Page;
}

/** The password every test member registers with. */
export const PASSWORD = 'correct horse battery';

/** A call of the REST API with JSON in and out; anything but a 2xx throws with the answer. */
export async function callApi<T>(baseUrl: string, method: string, path: string, token?: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Registers `${name}_${stamp}` through the register page in a new context of `browser` and waits for
 * the starting cash in the user box; page errors are added to `pageErrors`.
 */
export async function registerMember(
  browser: Browser,
  baseURL: string,
  name: string,
  { stamp, pageErrors, viewport = DESKTOP }: { stamp: string; pageErrors: string[]; viewport?: { width: number; height: number } },
): Promise<Member> {
  const context = await browser.newContext({ viewport, baseURL });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${name}: ${page.url()}: ${error.message}`));
  const username = `${name}_${stamp}`;
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${name}.${stamp}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByTestId('user-box').getByText('$80,000,000.00').first().waitFor();
  const stored = await page.evaluate(() => [localStorage.getItem('hoops.token'), localStorage.getItem('hoops.user')]);
  return { username, id: (JSON.parse(stored[1]!) as { id: number }).id, token: stored[0]!, context, page };
}
