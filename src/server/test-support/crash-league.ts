import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../db/client.js';
import { leagueFile } from '../../db/leagues/files.js';
import { migrationsDir } from '../../paths.js';
import type { LeagueView } from '../../shared/schemas/leagues.js';
import { startChild, type ChildServer } from './child.js';
import { freePort } from './ports.js';
import { api, registerUser, type TestUser } from './server.js';

/** A league in a server process of its own, to be killed and started again on the same files. */
export interface CrashLeague {
  dataDir: string;
  port: number;
  child: ChildServer;
  /** The first is the commissioner; the others joined by the invite code. */
  users: TestUser[];
  league: LeagueView;
  /** The first players of the market, by id. */
  players: number[];
}

/** Starts a server on a fresh data folder with a league of `userNames` (the first its commissioner). */
export async function startCrashLeague(opts: {
  prefix: string;
  userNames: string[];
  leagueName: string;
  startingCash: number;
  players: number;
}): Promise<CrashLeague> {
  const dataDir = mkdtempSync(join(tmpdir(), opts.prefix));
  const port = await freePort();
  const child = await startChild(dataDir, port);
  const users: TestUser[] = [];
  for (const name of opts.userNames) users.push(await registerUser(child.url, name));
  const created = await api<{ league: LeagueView }>(child.url, 'POST', '/leagues', { name: opts.leagueName, startingCash: opts.startingCash }, users[0]!.token);
  const league = created.body.league;
  for (const u of users.slice(1)) await api(child.url, 'POST', '/leagues/join', { code: league.inviteCode }, u.token);
  const players = (await api<{ id: number }[]>(child.url, 'GET', '/players')).body.slice(0, opts.players).map((p) => p.id);
  return { dataDir, port, child, users, league, players };
}

/** Reads a league's file while its server is down (or from another process), then closes it. */
export function readLeague<T>(dataDir: string, leagueId: number, read: (db: Db) => T): T {
  const db = openDb({ file: leagueFile(dataDir, leagueId), migrationsFolder: migrationsDir });
  try {
    return read(db);
  } finally {
    db.$client.close();
  }
}
