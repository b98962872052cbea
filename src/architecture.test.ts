import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths.js';

const eslint = new ESLint({ cwd: projectRoot });

async function restricted(file: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: `${projectRoot}/${file}` });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
}

describe('the dependency direction of docs/architecture.md §13 Layers is enforced by lint', () => {
  it.each([
    ['src/domain/x.ts', "import { openDb } from '../db/client.js'; export const y = openDb;"],
    ['src/domain/x.ts', "import { readFileSync } from 'node:fs'; export const y = readFileSync;"],
    ['src/shared/x.ts', "import { TEAMS } from '../domain/roster.js'; export const y = TEAMS;"],
    ['src/db/x.ts', "import { parseRosterCsv } from '../domain/roster.js'; export const y = parseRosterCsv;"],
    ['src/engine/x.ts', "import { appRouter } from '../server/routers/index.js'; export const y = appRouter;"],
    ['src/server/x.ts', "import { App } from '../web/App.js'; export const y = App;"],
    ['src/web/x.ts', "import { openDb } from '../db/client.js'; export const y = openDb;"],
    ['src/web/x.ts', "import { appRouter } from '../server/routers/index.js'; export const y = appRouter;"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(true);
  });

  it.each([
    ['src/domain/x.ts', "import { dollarsToCents } from '../shared/money.js'; export const y = dollarsToCents;"],
    ['src/engine/x.ts', "import { openDb } from '../db/client.js'; export const y = openDb;"],
    ['src/web/x.ts', "import type { AppRouter } from '../server/routers/index.js'; export type Y = AppRouter;"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(false);
  });

  it('refuses an async callback to a SQLite transaction', async () => {
    const [result] = await eslint.lintText('export const run = (db: { transaction(f: () => unknown): void }) => db.transaction(async () => 1);', {
      filePath: `${projectRoot}/src/engine/x.ts`,
    });
    expect(result?.messages.map((m) => m.message)).toContain('SQLite transactions are synchronous: never pass an async callback.');
  });
});
