import { openDb, type Db } from '../../db/client.js';
import { createUsersRepo } from '../../db/repos/users.js';
import { seedLeagueIfEmpty } from '../league.js';
import { leagueDir, migrationsDir } from '../../paths.js';
import { START_BALANCE_CENTS } from '../../shared/money.js';

/**
 * An in-memory database with the real migrations and the shipped league, its first season begun
 * before any test's clock (the migration starts it at the real time, which a test's clock may precede).
 */
export function seededDb(): Db {
  const db = openDb({ file: ':memory:', migrationsFolder: migrationsDir });
  seedLeagueIfEmpty(db, leagueDir, 1_000);
  db.$client.prepare('UPDATE seasons SET started_at = 0 WHERE number = 1').run();
  return db;
}

export function addUser(db: Db, username: string, balanceCents: number = START_BALANCE_CENTS): number {
  return createUsersRepo(db).insert({
    username,
    emailHash: `hash-${username}`,
    passwordHash: 'x',
    isAdmin: false,
    avatar: null,
    balanceCents,
    createdAt: 1_000,
  }).id;
}
