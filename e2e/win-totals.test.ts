/**
 * The win-totals balancer (/win-totals, issue 6) in a real browser against the built server,
 * logged out: sliders and number fields, a lock, "Balance to 1230", the three set-all buttons, the
 * error when the locks make 1230 impossible, the state kept across a reload, keyboard use, labels,
 * and screenshots at 1280 px and 375 px (test-results/screenshots/win-totals-*.png).
 *
 * Needs `npm run build` first, and Chromium at /usr/bin/chromium (apt-get install -y chromium).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.js';
import { TEAMS } from '../src/shared/teams.js';
import { DESKTOP, launchBrowser, PHONE, screenshot, expectNoSidewaysScroll, openPage } from './support/browser.js';
import { startServer, type E2eServer } from './support/server.js';

const TARGET = 1230;
const STORAGE_KEY = 'hoops.winTotals';
const EAST = TEAMS.filter((team) => team.conference === 'East');

let server: E2eServer;
let browser: Browser;
const pageErrors: string[] = [];

const newPage = (viewport: { width: number; height: number }) => openPage(browser, server.url, viewport, pageErrors);

async function open(page: Page): Promise<void> {
  await page.goto('/win-totals');
  await page.getByRole('heading', { name: 'Win Totals Balancer', level: 1 }).waitFor();
}

const slider = (page: Page, name: string) => page.getByRole('slider', { name, exact: true });
const numberField = (page: Page, name: string) => page.getByRole('spinbutton', { name: `${name} wins`, exact: true });
const lock = (page: Page, name: string) => page.getByRole('checkbox', { name: `Lock ${name}`, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const toggle = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

/** The number after the label in a summary line such as "Total: 1230" or "East: 615". */
async function shownNumber(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  const match = /:\s*(-?\d+)\s*$/.exec(text);
  if (!match?.[1]) throw new Error(`no number in ${testId}: "${text}"`);
  return Number(match[1]);
}

interface Shown {
  total: number;
  east: number;
  west: number;
  distance: string;
  /** Wins by team code, read from the 30 number fields. */
  wins: Record<string, number>;
  /** Wins by team code, read from the 30 sliders. */
  sliders: Record<string, number>;
}

/** Everything the page shows about the wins right now. */
async function readTotals(page: Page): Promise<Shown> {
  const wins: Record<string, number> = {};
  const sliders: Record<string, number> = {};
  for (const team of TEAMS) {
    wins[team.code] = Number(await numberField(page, team.name).inputValue());
    sliders[team.code] = Number(await slider(page, team.name).inputValue());
  }
  return {
    total: await shownNumber(page, 'total'),
    east: await shownNumber(page, 'east-total'),
    west: await shownNumber(page, 'west-total'),
    distance: (await page.getByTestId('distance').textContent()) ?? '',
    wins,
    sliders,
  };
}

/** The totals the page shows agree with each other and with the 30 teams, and every team is 0–82. */
function expectConsistent(shown: Shown): void {
  for (const team of TEAMS) {
    const wins = shown.wins[team.code];
    expect(Number.isInteger(wins), team.name).toBe(true);
    expect(wins, team.name).toBeGreaterThanOrEqual(0);
    expect(wins, team.name).toBeLessThanOrEqual(82);
    expect(shown.sliders[team.code], `${team.name} slider`).toBe(wins);
  }
  const sum = TEAMS.reduce((acc, team) => acc + (shown.wins[team.code] ?? 0), 0);
  const eastSum = EAST.reduce((acc, team) => acc + (shown.wins[team.code] ?? 0), 0);
  expect(shown.total).toBe(sum);
  expect(shown.east).toBe(eastSum);
  expect(shown.west).toBe(sum - eastSum);
  expect(shown.east + shown.west).toBe(shown.total);
  const diff = shown.total - TARGET;
  expect(shown.distance).toBe(diff === 0 ? 'Balanced' : diff > 0 ? `+${diff} over` : `\u2212${-diff} under`);
}

/** A full-page screenshot from the top, so the sticky totals bar sits in its own place. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** The element is inside the visible part of the window, as it is now scrolled. */
async function expectInView(page: Page, locator: Locator): Promise<void> {
  const rect = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: window.innerHeight };
  });
  expect(rect.top, 'top in view').toBeGreaterThanOrEqual(0);
  expect(rect.bottom, 'bottom in view').toBeLessThanOrEqual(rect.height);
}

beforeAll(async () => {
  if (!existsSync(join(projectRoot, 'dist/web/index.html')) || !existsSync(join(projectRoot, 'dist/node/server/main.js'))) {
    throw new Error('Build first: npm run build');
  }
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const BOS = 'Boston Celtics';
const LAL = 'Los Angeles Lakers';
const DEN = 'Denver Nuggets';
const MIA = 'Miami Heat';

describe('win-totals balancer', () => {
  it('is open to visitors: 30 teams in six divisions, all at 41, total 1230', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      await open(page);
      await expect(page.title()).resolves.toBe('Win Totals · Hoops Exchange');
      await expect(page.getByRole('link', { name: 'Login' }).count()).resolves.toBeGreaterThan(0);
      await expect(page.getByRole('slider').count()).resolves.toBe(30);
      await expect(page.getByRole('spinbutton').count()).resolves.toBe(30);
      for (const division of ['Atlantic', 'Central', 'Southeast', 'Northwest', 'Pacific', 'Southwest']) {
        const section = page.getByRole('region', { name: new RegExp(`^${division}\\b`) });
        await expect(section.getByRole('slider').count(), division).resolves.toBe(5);
      }
      for (const name of ['Balance to 1230', 'Reset all to 41', 'Zero all', 'Max all 82']) {
        await expect(button(page, name).count(), name).resolves.toBe(1);
      }
      await expect(toggle(page, 'Schedule-aware').isChecked()).resolves.toBe(false);
      await expect(toggle(page, 'Respect locks').isChecked()).resolves.toBe(true);

      const shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(TARGET);
      expect(shown.east).toBe(615);
      expect(Object.values(shown.wins).every((wins) => wins === 41)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('moves sliders and numbers, locks a team and balances to 1230', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      await open(page);

      // Keyboard on a slider: Home → 0, then three steps up.
      await slider(page, BOS).focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
      await expect(numberField(page, BOS).inputValue()).resolves.toBe('3');
      // fill() on a range input.
      await slider(page, DEN).fill('75');
      await expect(numberField(page, DEN).inputValue()).resolves.toBe('75');
      // Typing a number moves its slider; out-of-range numbers are clamped.
      await numberField(page, LAL).fill('70');
      await expect(slider(page, LAL).inputValue()).resolves.toBe('70');
      await numberField(page, MIA).fill('120');
      await expect(slider(page, MIA).inputValue()).resolves.toBe('82');
      await numberField(page, MIA).blur();
      await expect(numberField(page, MIA).inputValue()).resolves.toBe('82');

      let shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(TARGET + (3 - 41) + (75 - 41) + (70 - 41) + (82 - 41));
      expect(shown.total).toBe(1296);
      expect(shown.distance).toBe('+66 over');

      await lock(page, LAL).check();
      await button(page, 'Balance to 1230').click();
      await page.getByRole('status').filter({ hasText: 'Balanced to 1230' }).waitFor();

      shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(TARGET);
      expect(shown.distance).toBe('Balanced');
      expect(shown.wins.LAL).toBe(70);
      // Above 1230: no team gains; the uniform share is 66 / 29 ≈ 2.28 each.
      expect(shown.wins.BOS).toBeLessThanOrEqual(3);
      expect(shown.wins.BOS).toBeGreaterThanOrEqual(0);
      expect(shown.wins.DEN).toBeLessThan(75);
      expect(shown.wins.MIA).toBeLessThan(82);
      await expect(page.getByRole('alert').count()).resolves.toBe(0);

      // Balancing again changes nothing.
      await button(page, 'Balance to 1230').click();
      await page.getByRole('status').filter({ hasText: 'Already balanced' }).waitFor();
      expect((await readTotals(page)).wins).toEqual(shown.wins);

      // Schedule-aware on: still 1230, the locked team still 70.
      await numberField(page, BOS).fill('0');
      await toggle(page, 'Schedule-aware').check();
      await button(page, 'Balance to 1230').click();
      await page.getByRole('status').filter({ hasText: 'Balanced to 1230' }).waitFor();
      shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(TARGET);
      expect(shown.wins.LAL).toBe(70);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('resets, zeroes and maxes every team, keeping locked teams while Respect locks is on', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      await open(page);
      await numberField(page, LAL).fill('70');
      await lock(page, LAL).check();
      await numberField(page, BOS).fill('10');

      await button(page, 'Zero all').click();
      let shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(70);
      expect(shown.wins.LAL).toBe(70);
      expect(shown.wins.BOS).toBe(0);
      expect(shown.distance).toBe('\u22121160 under');

      await button(page, 'Max all 82').click();
      shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(29 * 82 + 70);
      expect(shown.wins.LAL).toBe(70);

      await button(page, 'Reset all to 41').click();
      shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(29 * 41 + 70);
      expect(shown.wins.LAL).toBe(70);
      expect(shown.wins.BOS).toBe(41);

      // Respect locks off: the buttons change the locked team too.
      await toggle(page, 'Respect locks').uncheck();
      await button(page, 'Max all 82').click();
      shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(30 * 82);
      expect(shown.distance).toBe('+1230 over');
      await button(page, 'Reset all to 41').click();
      shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(TARGET);
      expect(Object.values(shown.wins).every((wins) => wins === 41)).toBe(true);
      await expect(lock(page, LAL).isChecked()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('says clearly when the locks make 1230 impossible, and changes nothing', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      await open(page);
      await button(page, 'Max all 82').click();
      for (const team of TEAMS) await lock(page, team.name).check();
      await expect(toggle(page, 'Respect locks').isChecked()).resolves.toBe(true);

      await button(page, 'Balance to 1230').click();
      const alert = page.getByRole('alert').filter({ hasText: 'Cannot balance to 1230' });
      await alert.waitFor();
      const message = (await alert.textContent()) ?? '';
      expect(message).toContain('2460 wins');
      expect(message).toContain('Respect locks');
      let shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(2460);
      expect(Object.values(shown.wins).every((wins) => wins === 82)).toBe(true);
      await shot(page, 'win-totals-error-1280');

      // Too few: every team locked at 0 (Respect locks off to change them, then on again).
      await toggle(page, 'Respect locks').uncheck();
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      await button(page, 'Zero all').click();
      await toggle(page, 'Respect locks').check();
      await button(page, 'Balance to 1230').click();
      await page.getByRole('alert').filter({ hasText: '1230 short of 1230' }).waitFor();
      shown = await readTotals(page);
      expect(shown.total).toBe(0);

      // One team unlocked cannot make up 1230 on its own either.
      await lock(page, BOS).uncheck();
      await button(page, 'Balance to 1230').click();
      await page.getByRole('alert').filter({ hasText: 'can reach only 82' }).waitFor();
      expect((await readTotals(page)).total).toBe(0);

      // With Respect locks off the same wins balance fine.
      await toggle(page, 'Respect locks').uncheck();
      await button(page, 'Balance to 1230').click();
      await page.getByRole('status').filter({ hasText: 'Balanced to 1230' }).waitFor();
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(TARGET);
      expect(Object.values(shown.wins).every((wins) => wins === 41)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('keeps wins, locks and toggles across a reload', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      await open(page);
      await numberField(page, LAL).fill('66');
      await lock(page, LAL).check();
      await slider(page, BOS).fill('12');
      await toggle(page, 'Schedule-aware').check();
      await toggle(page, 'Respect locks').uncheck();
      const before = await readTotals(page);
      expectConsistent(before);
      expect(before.total).toBe(TARGET + 25 - 29);

      await page.reload();
      await page.getByRole('heading', { name: 'Win Totals Balancer', level: 1 }).waitFor();
      const after = await readTotals(page);
      expect(after).toEqual(before);
      await expect(lock(page, LAL).isChecked()).resolves.toBe(true);
      await expect(lock(page, BOS).isChecked()).resolves.toBe(false);
      await expect(toggle(page, 'Schedule-aware').isChecked()).resolves.toBe(true);
      await expect(toggle(page, 'Respect locks').isChecked()).resolves.toBe(false);
      const saved = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)) ?? 'null') as {
        wins: Record<string, number>;
        locked: Record<string, boolean>;
      };
      expect(saved.wins.LAL).toBe(66);
      expect(saved.locked).toEqual({ LAL: true });

      // Garbage in storage does not break the page: it falls back to 41 everywhere.
      await page.evaluate((key) => localStorage.setItem(key, '{"wins":{"BOS":"lots","LAL":1e9},"locked":[]'), STORAGE_KEY);
      await page.reload();
      await page.getByRole('heading', { name: 'Win Totals Balancer', level: 1 }).waitFor();
      const fallback = await readTotals(page);
      expectConsistent(fallback);
      expect(fallback.total).toBe(TARGET);
    } finally {
      await context.close();
    }
  });

  it('works from the keyboard, and every control has a label', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      await open(page);

      const unlabelled = await page.locator('.wt input, .wt button').evaluateAll((elements) =>
        elements
          .filter((element) => {
            const control = element as HTMLInputElement | HTMLButtonElement;
            const labelText = Array.from(control.labels ?? [])
              .map((label) => label.textContent ?? '')
              .join('')
              .trim();
            const aria = control.getAttribute('aria-label')?.trim() ?? '';
            const buttonText = control instanceof HTMLButtonElement ? (control.textContent ?? '').trim() : '';
            return labelText === '' && aria === '' && buttonText === '';
          })
          .map((element) => element.outerHTML),
      );
      expect(unlabelled).toEqual([]);
      // Each team's three controls name the team.
      for (const team of TEAMS) {
        await expect(slider(page, team.name).count(), team.name).resolves.toBe(1);
        await expect(numberField(page, team.name).count(), team.name).resolves.toBe(1);
        await expect(lock(page, team.name).count(), team.name).resolves.toBe(1);
      }

      // Tab order: the four buttons, the two toggles, then per team slider → number → lock.
      await button(page, 'Balance to 1230').focus();
      const order: string[] = [];
      for (let i = 0; i < 9; i += 1) {
        order.push(
          await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            if (!el) return '';
            const input = el as HTMLInputElement;
            return `${el.tagName.toLowerCase()}:${input.type ?? ''}:${el.getAttribute('aria-label') ?? input.labels?.[0]?.textContent ?? el.textContent ?? ''}`;
          }),
        );
        await page.keyboard.press('Tab');
      }
      expect(order).toEqual([
        'button:button:Balance to 1230',
        'button:button:Reset all to 41',
        'button:button:Zero all',
        'button:button:Max all 82',
        'input:checkbox:Schedule-aware',
        'input:checkbox:Respect locks',
        `input:range:${BOS}`,
        `input:number:${BOS} wins`,
        `input:checkbox:Lock ${BOS}`,
      ]);

      // Everything by keyboard: slider arrows, a typed number with Enter, Space on a lock, Enter on Balance.
      await slider(page, BOS).focus();
      await page.keyboard.press('End');
      await expect(numberField(page, BOS).inputValue()).resolves.toBe('82');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('PageDown');
      const afterPageDown = Number(await numberField(page, BOS).inputValue());
      expect(afterPageDown).toBeLessThan(81);
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowUp');
      await expect(numberField(page, BOS).inputValue()).resolves.toBe(String(afterPageDown + 1));
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('80');
      await page.keyboard.press('Enter');
      await expect(slider(page, BOS).inputValue()).resolves.toBe('80');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(lock(page, BOS).isChecked()).resolves.toBe(true);

      await button(page, 'Balance to 1230').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Balanced to 1230' }).waitFor();
      const shown = await readTotals(page);
      expectConsistent(shown);
      expect(shown.total).toBe(TARGET);
      expect(shown.wins.BOS).toBe(80);

      // A visible focus ring on the slider and the buttons.
      await slider(page, LAL).focus();
      await page.keyboard.press('ArrowRight');
      const outline = await slider(page, LAL).evaluate((el) => getComputedStyle(el).outlineStyle);
      expect(outline).not.toBe('none');
    } finally {
      await context.close();
    }
  });

  it('never leaves keyboard focus under the sticky totals bar', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newPage(viewport);
      try {
        await open(page);
        // Up the page from the last team with Shift+Tab: each focused control is scrolled clear of the bar.
        await lock(page, 'San Antonio Spurs').focus();
        const hidden: string[] = [];
        for (let i = 0; i < TEAMS.length * 3 - 1; i += 1) {
          await page.keyboard.press('Shift+Tab');
          const where = await page.evaluate(() => {
            const focused = document.activeElement;
            const bar = document.querySelector('.wt-summary');
            if (!focused || !bar) return null;
            const box = focused.getBoundingClientRect();
            return {
              name: focused.getAttribute('aria-label') ?? focused.closest('label')?.textContent ?? focused.id,
              top: box.top,
              barBottom: bar.getBoundingClientRect().bottom,
            };
          });
          if (where && where.top < where.barBottom - 0.5) hidden.push(`${where.name} at ${where.top} (bar ends at ${where.barBottom})`);
        }
        expect(hidden, `${viewport.width} px`).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('takes screenshots at 1280 px and 375 px and fits a phone screen', async () => {
    for (const [label, viewport] of [
      ['1280', DESKTOP],
      ['375', PHONE],
    ] as const) {
      const { context, page } = await newPage(viewport);
      try {
        await open(page);
        await shot(page, `win-totals-default-${label}`);
        await numberField(page, LAL).fill('70');
        await lock(page, LAL).check();
        await slider(page, BOS).fill('60');
        await numberField(page, DEN).fill('20');
        await toggle(page, 'Schedule-aware').check();
        await shot(page, `win-totals-unbalanced-${label}`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await button(page, 'Balance to 1230').click();
        await page.getByRole('status').filter({ hasText: 'Balanced to 1230' }).waitFor();
        await expectInView(page, page.getByRole('status'));
        expect((await readTotals(page)).total).toBe(TARGET);
        await expectNoSidewaysScroll(page);
        await shot(page, `win-totals-balanced-${label}`);

        await toggle(page, 'Respect locks').uncheck();
        await button(page, 'Max all 82').click();
        for (const team of TEAMS) await lock(page, team.name).check();
        await toggle(page, 'Respect locks').check();
        await page.evaluate(() => window.scrollTo(0, 0));
        await button(page, 'Balance to 1230').click();
        await page.getByRole('alert').waitFor();
        // The error shows next to the button that caused it, without scrolling, even on a phone.
        await expectInView(page, page.getByRole('alert'));
        await expectNoSidewaysScroll(page);
        await shot(page, `win-totals-impossible-${label}`);
      } finally {
        await context.close();
      }
    }
    expect(pageErrors).toEqual([]);
  });

  it('draws sliders and boxes in a colour that shows, even with a silver team theme', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      await open(page);
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByLabel('Theme').selectOption('SAS');
      const colours = await page.evaluate(() => {
        const probe = document.createElement('div');
        probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--team-accent');
        document.body.append(probe);
        const accent = getComputedStyle(probe).color;
        probe.remove();
        const range = document.querySelector('.wt input[type="range"]');
        return { accent, slider: range ? getComputedStyle(range).accentColor : '' };
      });
      // San Antonio's primary is silver (#C4CED4); the page uses the readable accent instead.
      expect(colours.slider).toBe(colours.accent);
      expect(colours.slider).not.toBe('rgb(196, 206, 212)');
      await numberField(page, LAL).fill('70');
      await lock(page, LAL).check();
      await shot(page, 'win-totals-theme-sas-1280');
    } finally {
      await context.close();
    }
  });
});
