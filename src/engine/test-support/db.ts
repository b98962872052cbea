import { openDb, openMemoryCopy, type Db } from '../../db/client.js';
import { createUsersRepo } from '../../db/repos/users.js';
import { seedRosterIfEmpty } from '../roster.js';
import { rosterDir, migrationsDir } from '../../paths.js';
import { START_BALANCE_CENTS } from '../../shared/money.js';

let seeded: Buffer | null = null;

/**
 * An in-memory database with the real migrations and the shipped roster, its first season begun
 * before any test's clock (the migration starts it at the real time, which a test's clock may
 * precede): migrated and seeded once per test process, then each one a fresh copy of that
 * (property tests make hundreds).
 */
export function seededDb(): Db {
  if (!seeded) {
    const db = openDb({ file: ':memory:', migrationsFolder: migrationsDir });
    seedRosterIfEmpty(db, rosterDir, 1_000);
    db.$client.prepare('UPDATE seasons SET started_at = 0 WHERE number = 1').run();
    seeded = db.$client.serialize();
    db.$client.close();
  }
  return openMemoryCopy(seeded);
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
