import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../client.js';
import { DEFAULT_LEAGUE_RANKING } from '../../shared/ranking.js';
import { createLeaguesRepo } from '../repos/leagues.js';
import { DEFAULT_LEAGUE_ID, leagueFile, leagueSlug, newInviteCode } from './files.js';
import { publishFile, removeDatabaseFile, sqlString } from './sqlite-files.js';

export interface SplitOptions {
  dataDir: string;
  /** The default league's name (`LEAGUE_NAME`). */
  leagueName: string;
  startingCashCents: number;
  now: number;
}

/** What only the accounts database keeps: nothing of it is copied into a league's file. */
const ACCOUNT_ONLY = ['push_subscription_kinds', 'push_subscriptions', 'password_reset_tokens', 'sessions', 'audit_log', 'league_members', 'leagues'];
/** The market, which moves into league 1's file. */
const MARKET = ['declined_asks', 'orders', 'trades', 'holdings', 'players', 'teams', 'seasons', 'open_market_changes'];

/**
 * Step 1 (docs/leagues.md §6): league 1's file as a copy of the whole database (one consistent
 * snapshot), with what belongs to accounts taken out — sessions, tokens, push subscriptions, the
 * audit log, emails and password hashes — written beside and renamed into place.
 */
export function copyAsLeagueFile(accounts: Db, file: string): void {
  const tmp = `${file}.tmp`;
  mkdirSync(dirname(file), { recursive: true });
  removeDatabaseFile(tmp);
  accounts.$client.exec(`VACUUM INTO ${sqlString(tmp)}`);
  const league = new Database(tmp);
  try {
    league.pragma('foreign_keys = ON');
    league.transaction(() => {
      for (const table of ACCOUNT_ONLY) league.exec(`DELETE FROM ${table}`);
      league.exec("UPDATE users SET email_hash = 'member:' || id, password_hash = '', is_admin = 0");
    })();
    league.pragma('journal_mode = DELETE');
  } finally {
    league.close();
  }
  publishFile(tmp, file);
}

/**
 * Makes a database of the version before leagues (or a freshly seeded one) the accounts database
 * of a server with leagues (docs/leagues.md §6): its market becomes league 1, every user a member
 * of it with the cash they had. Safe to run again after a crash at any point: with league 1's file
 * finished and no registry yet, it resumes at step 2; with the registry, there is nothing to do.
 */
export function splitIntoLeagues(accounts: Db, options: SplitOptions): 'split' | 'done before' {
  const registry = createLeaguesRepo(accounts);
  const file = leagueFile(options.dataDir, DEFAULT_LEAGUE_ID);
  if (registry.byId(DEFAULT_LEAGUE_ID)) {
    if (!existsSync(file)) throw new Error(`The default league's file ${file} is missing: restore it from a backup`);
    return 'done before';
  }
  if (!existsSync(file)) copyAsLeagueFile(accounts, file);
  // Step 2, one transaction: the registry and memberships in, the market (now in league 1's file) out.
  accounts.$client.transaction(() => {
    registry.insert({
      id: DEFAULT_LEAGUE_ID,
      slug: leagueSlug(options.leagueName),
      name: options.leagueName,
      inviteCode: newInviteCode(),
      startingCashCents: options.startingCashCents,
      open: true,
      ranking: DEFAULT_LEAGUE_RANKING,
      commissionerId: null,
      createdAt: options.now,
    });
    accounts.$client.exec(`INSERT INTO league_members (league_id, user_id, joined_at) SELECT ${DEFAULT_LEAGUE_ID}, id, created_at FROM users`);
    for (const table of MARKET) accounts.$client.exec(`DELETE FROM ${table}`);
    accounts.$client.exec('UPDATE users SET balance_cents = 0');
  })();
  return 'split';
}
