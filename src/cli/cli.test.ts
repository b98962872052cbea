import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../db/client.js';
import { createRosterRepo } from '../db/repos/roster.js';
import { migrationsDir } from '../paths.js';
import { leagueFile } from '../db/leagues/files.js';
import { runCli } from '../server/test-support/cli.js';
import { api, registerUser, startTestServer } from '../server/test-support/server.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'hoops-cli-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (script: string, ...args: string[]) => runCli(script, args, dataDir);

function csv(text: string): string {
  const file = join(dataDir, 'roster.csv');
  writeFileSync(file, text);
  return file;
}

function withDb<T>(fn: (repo: ReturnType<typeof createRosterRepo>) => T, leagueId = 1): T {
  const db = openDb({ file: leagueFile(dataDir, leagueId), migrationsFolder: migrationsDir });
  try {
    return fn(createRosterRepo(db));
  } finally {
    db.$client.close();
  }
}

describe('every command-line tool, pointed at a folder without the game', () => {
  it('refuses to create a database, naming the folder it looked in and DATA_DIR', async () => {
    const empty = join(dataDir, 'not-the-servers');
    for (const [script, ...args] of [
      ['admin.ts', 'grant', 'someone'],
      ['roster-import.ts', csv('name,team,salary\nZed Newcomer,BOS,1500000\n')],
      ['backup.ts', join(dataDir, 'copy')],
    ]) {
      const result = await runCli(script!, args, empty);
      expect(result.code, script).toBe(1);
      expect(result.err).toContain(`No game database (hoops.db) found`);
      expect(result.err).toContain(`It looked in ${empty} (DATA_DIR is "${empty}")`);
      expect(existsSync(empty), script).toBe(false);
    }
    expect(readdirSync(dataDir)).toEqual(['roster.csv']);
  });

  it('says so when a league’s file is missing, and creates none', async () => {
    const server = await startTestServer({ dataDir });
    const fan = await registerUser(server.url, 'missing_fan');
    expect((await api(server.url, 'POST', '/leagues', { name: 'Gone Missing' }, fan.token)).status).toBe(200);
    await server.close();
    rmSync(leagueFile(dataDir, 2));
    const result = await run('roster-import.ts', csv('name,team,salary\nZed Newcomer,BOS,1500000\n'));
    expect(result.code).toBe(1);
    expect(result.err).toContain(`League file(s) missing: ${leagueFile(dataDir, 2)}`);
    expect(existsSync(leagueFile(dataDir, 2))).toBe(false);
  });
});

describe('npm run roster:import', () => {
  it('adds new players, updates salaries and teams in every league, and reports what it did', async () => {
    const server = await startTestServer({ dataDir });
    const fan = await registerUser(server.url, 'roster_fan');
    expect((await api(server.url, 'POST', '/leagues', { name: 'Second League' }, fan.token)).status).toBe(200);
    await server.close();
    const result = await run('roster-import.ts', csv('name,team,salary\nZed Newcomer,BOS,1500000\nStephen Curry,GSW,61000000\nLeBron James,GSW,20000000\n'));
    expect(result.code).toBe(0);
    expect(result.out).toContain('1 added, 2 updated, 0 unchanged');
    expect(result.out).toContain('+ Zed Newcomer (BOS) $1,500,000');
    expect(result.out).toMatch(/~ LeBron James: \$[\d,]+ → \$20,000,000, LAL → GSW/);
    withDb((repo) => {
      const zed = repo.playerByName('Zed Newcomer')!;
      expect(zed.salary).toBe(1_500_000);
      expect(zed.sharesRemaining).toBe(1_500_000);
      expect(repo.playerByName('Stephen Curry')!.salary).toBe(61_000_000);
      const gsw = repo.allTeams().find((t) => t.code === 'GSW')!;
      expect(repo.playerByName('LeBron James')!.teamId).toBe(gsw.id);
      expect(repo.teamById(gsw.id)!.sharesRemaining).toBe(repo.teamPayroll(gsw.id));
    });
    expect(withDb((repo) => repo.playerByName('Zed Newcomer')?.salary, 2)).toBe(1_500_000);
    expect(result.out).toContain('Applied to all 2 leagues.');
  });

  it('reports malformed rows with their line numbers and imports nothing', async () => {
    const result = await run('roster-import.ts', csv('name,team,salary\nGood Player,BOS,1000000\nBad Team,XYZ,1000000\n\nNo Salary,BOS,abc\n'));
    expect(result.code).toBe(1);
    expect(result.err).toContain('Nothing was imported');
    expect(result.err).toContain('line 3:');
    expect(result.err).toContain('line 5:');
    withDb((repo) => expect(repo.playerByName('Good Player')).toBeUndefined());
  });

  it('refuses to run while the game is serving the same data directory', async () => {
    const server = await startTestServer({ dataDir });
    try {
      const result = await run('roster-import.ts', csv('name,team,salary\nZed Newcomer,BOS,1500000\n'));
      expect(result.code).toBe(1);
      expect(result.err).toContain('The game is running');
    } finally {
      await server.close();
    }
  });
});

describe('npm run admin', () => {
  it('grants and revokes the admin flag by username', async () => {
    const server = await startTestServer({ dataDir });
    try {
      const user = await registerUser(server.url, 'future_admin');
      // The server has read the session and the user (each call's lookups are kept in memory).
      expect((await api(server.url, 'GET', '/admin/audit', undefined, user.token)).status).toBe(403);
      expect(await run('admin.ts', 'grant', 'Future_Admin')).toMatchObject({ code: 0, out: 'future_admin is now an admin.\n' });
      // Written by another process, the flag holds from the very next call of the same session.
      expect((await api(server.url, 'GET', '/admin/audit', undefined, user.token)).status).toBe(200);
      const login = await api<{ user: { isAdmin: boolean } }>(server.url, 'POST', '/auth/login', { email: user.email, password: user.password });
      expect(login.body.user.isAdmin).toBe(true);
      expect((await run('admin.ts', 'revoke', 'future_admin')).code).toBe(0);
      expect((await api(server.url, 'GET', '/admin/audit', undefined, user.token)).status).toBe(403);
      expect((await api(server.url, 'GET', `/users/${user.id}`)).body.isAdmin).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('explains its usage and unknown users', async () => {
    expect(await run('admin.ts', 'promote', 'x')).toMatchObject({ code: 1 });
    await (await startTestServer({ dataDir })).close();
    expect((await run('admin.ts', 'grant', 'nobody')).err).toContain('No user named nobody');
  });
});

describe('npm run backup', () => {
  it('copies the accounts and every league into a new folder that starts as the same game', async () => {
    const server = await startTestServer({ dataDir });
    const fan = await registerUser(server.url, 'backup_fan');
    await api(server.url, 'POST', '/leagues', { name: 'Backed Up League', startingCash: 5_000 }, fan.token);
    const copy = join(dataDir, 'copy');
    const result = await run('backup.ts', copy);
    await server.close();
    expect(result.code).toBe(0);
    expect(result.out).toContain('the accounts and 2 league(s)');
    expect(await run('backup.ts', copy)).toMatchObject({ code: 1 });
    copyFileSync(join(dataDir, 'server-secret'), join(copy, 'server-secret'));
    const restored = await startTestServer({ dataDir: copy });
    try {
      const login = await api<{ token: string }>(restored.url, 'POST', '/auth/login', { email: fan.email, password: fan.password });
      const mine = await api<{ leagues: { name: string; startingCash: number }[] }>(restored.url, 'GET', '/leagues', undefined, login.body.token);
      expect(mine.body.leagues.map((l) => [l.name, l.startingCash])).toEqual([
        ['Hoops Exchange', 80_000_000],
        ['Backed Up League', 5_000],
      ]);
    } finally {
      await restored.close();
    }
  });
});
