import type Database from 'better-sqlite3';
import type { Db } from '../client.js';
import { keptLookup } from '../kept-rows.js';
import type { Ranking } from '../../shared/ranking.js';
import type { leagues } from '../schema.js';

export type LeagueRow = typeof leagues.$inferSelect;
export type NewLeague = Omit<LeagueRow, 'id' | 'seasonEndsAt'>;

/** A member the commissioner removed, who cannot join again until let back in. */
export interface RemovedRow {
  userId: number;
  username: string;
  avatar: string | null;
  removedAt: number;
}

export interface MemberRow {
  userId: number;
  username: string;
  avatar: string | null;
  joinedAt: number;
}

const COLUMNS = `id, slug, name, invite_code AS inviteCode, starting_cash_cents AS startingCashCents, open, ranking,
  commissioner_id AS commissionerId, created_at AS createdAt, season_ends_at AS seasonEndsAt`;

type RawLeague = Omit<LeagueRow, 'open'> & { open: number };
const toRow = (raw: RawLeague | undefined): LeagueRow | undefined => (raw ? { ...raw, open: raw.open === 1 } : undefined);

/** The registry's rows: each league, by id, slug or invite code. */
function registryRows(c: Database.Database) {
  const byId = c.prepare<[number], RawLeague>(`SELECT ${COLUMNS} FROM leagues WHERE id = ?`);
  // Every call reads its league's row (its access, name, rule): kept in memory while nothing is written (db/kept-rows.ts).
  const keptById = keptLookup(c, (id: number) => toRow(byId.get(id)));
  const bySlug = c.prepare<[string], RawLeague>(`SELECT ${COLUMNS} FROM leagues WHERE slug = ?`);
  const byCode = c.prepare<[string], RawLeague>(`SELECT ${COLUMNS} FROM leagues WHERE invite_code = ?`);
  return {
    byId: (id: number): Readonly<LeagueRow> | undefined => keptById(id),
    bySlug: (slug: string) => toRow(bySlug.get(slug)),
    byCode: (code: string) => toRow(byCode.get(code)),
    all: (): LeagueRow[] =>
      c
        .prepare<[], RawLeague>(`SELECT ${COLUMNS} FROM leagues ORDER BY id`)
        .all()
        .map((r) => toRow(r)!),
    /** How many leagues the server holds. */
    count: (): number => c.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM leagues').get()!.n,
    /** The default league and the open ones, oldest first. */
    listed: (): LeagueRow[] =>
      c
        .prepare<[], RawLeague>(`SELECT ${COLUMNS} FROM leagues WHERE open = 1 OR id = 1 ORDER BY id LIMIT 200`)
        .all()
        .map((r) => toRow(r)!),
    ofUser: (userId: number): LeagueRow[] =>
      c
        .prepare<[number], RawLeague>(`SELECT ${COLUMNS} FROM leagues WHERE id IN (SELECT league_id FROM league_members WHERE user_id = ?) ORDER BY id`)
        .all(userId)
        .map((r) => toRow(r)!),
    insert(row: NewLeague & { id?: number }): LeagueRow {
      const info = c
        .prepare(
          `INSERT INTO leagues (id, slug, name, invite_code, starting_cash_cents, open, ranking, commissioner_id, created_at)
           VALUES (@id, @slug, @name, @inviteCode, @startingCashCents, @open, @ranking, @commissionerId, @createdAt)`,
        )
        .run({ ...row, id: row.id ?? null, open: row.open ? 1 : 0 });
      return toRow(byId.get(Number(info.lastInsertRowid)))!;
    },
    update(id: number, change: { name?: string | undefined; open?: boolean | undefined; inviteCode?: string; ranking?: Ranking | undefined }): void {
      const now = toRow(byId.get(id))!;
      c.prepare('UPDATE leagues SET name = ?, open = ?, invite_code = ?, ranking = ? WHERE id = ?').run(
        change.name ?? now.name,
        (change.open ?? now.open) ? 1 : 0,
        change.inviteCode ?? now.inviteCode,
        change.ranking ?? now.ranking,
        id,
      );
    },
  };
}

/** Who belongs to which league, and where each session's calls go. */
function memberships(c: Database.Database) {
  const isMember = c.prepare<[number, number], { one: number }>('SELECT 1 AS one FROM league_members WHERE league_id = ? AND user_id = ?');
  const leagueIdsOf = c.prepare<[number], { id: number }>('SELECT league_id AS id FROM league_members WHERE user_id = ? ORDER BY league_id');
  const memberCount = c.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM league_members WHERE league_id = ?');
  const memberColumns = `SELECT m.user_id AS userId, u.username, u.avatar, m.joined_at AS joinedAt FROM league_members m JOIN users u ON u.id = m.user_id`;
  const memberRow = c.prepare<[number, number], MemberRow>(`${memberColumns} WHERE m.league_id = ? AND m.user_id = ?`);
  // Every call asks whether its caller belongs to its league: kept in memory while nothing is written (db/kept-rows.ts).
  const keptLeagueIds = keptLookup(c, (userId: number): readonly number[] => leagueIdsOf.all(userId).map((r) => r.id));
  const keptMembership = keptLookup(c, (key: string): boolean => {
    const [leagueId, userId] = key.split(':').map(Number) as [number, number];
    return isMember.get(leagueId, userId) !== undefined;
  });
  return {
    /** The ids of the leagues the user belongs to, in order. */
    leagueIdsOf: (userId: number): readonly number[] => keptLeagueIds(userId)!,
    isMember: (leagueId: number, userId: number): boolean => keptMembership(`${leagueId}:${userId}`)!,
    memberCount: (leagueId: number): number => memberCount.get(leagueId)!.n,
    /** How many leagues the user runs as commissioner, and belongs to. */
    countsOf: (userId: number): { run: number; joined: number } =>
      c
        .prepare<[number, number], { run: number; joined: number }>(
          'SELECT (SELECT COUNT(*) FROM leagues WHERE commissioner_id = ?) AS run, (SELECT COUNT(*) FROM league_members WHERE user_id = ?) AS joined',
        )
        .get(userId, userId)!,
    /** The members screen's list: the first 1,000 to join. */
    members: (leagueId: number): MemberRow[] =>
      c
        .prepare<[number], MemberRow>(`${memberColumns} WHERE m.league_id = ? ORDER BY m.joined_at, m.user_id LIMIT 1000`)
        .all(leagueId),
    /** One member, wherever they are in the list; undefined when not a member. */
    member: (leagueId: number, userId: number): MemberRow | undefined => memberRow.get(leagueId, userId),
    /** Every member, however many (a league opening brings its file in line with all of them). */
    allMembers: (leagueId: number): IterableIterator<MemberRow> =>
      c.prepare<[number], MemberRow>(`${memberColumns} WHERE m.league_id = ?`).iterate(leagueId),
    addMember(leagueId: number, userId: number, at: number): void {
      c.prepare('INSERT OR IGNORE INTO league_members (league_id, user_id, joined_at) VALUES (?, ?, ?)').run(leagueId, userId, at);
    },
    removeMember(leagueId: number, userId: number): void {
      c.prepare('DELETE FROM league_members WHERE league_id = ? AND user_id = ?').run(leagueId, userId);
      c.prepare('UPDATE sessions SET current_league_id = NULL WHERE user_id = ? AND current_league_id = ?').run(userId, leagueId);
    },
    /** The copy of the league's current season's end time (docs/seasons.md: what wakes a league at start-up). */
    setSeasonEndsAt(leagueId: number, endsAt: number | null): void {
      c.prepare('UPDATE leagues SET season_ends_at = ? WHERE id = ?').run(endsAt, leagueId);
    },
    /** Leagues whose current season ends by itself, by the registry's copy. */
    scheduledEnds: (): { id: number; seasonEndsAt: number }[] =>
      c.prepare<[], { id: number; seasonEndsAt: number }>('SELECT id, season_ends_at AS seasonEndsAt FROM leagues WHERE season_ends_at IS NOT NULL').all(),
    setCurrent(sessionId: string, leagueId: number): void {
      c.prepare('UPDATE sessions SET current_league_id = ? WHERE id = ?').run(leagueId, sessionId);
    },
  };
}

/** Those the commissioner removed, barred from joining again until let back in (RULES.md, Leagues). */
function removals(c: Database.Database) {
  const isRemoved = c.prepare<[number, number], { one: number }>('SELECT 1 AS one FROM league_removals WHERE league_id = ? AND user_id = ?');
  return {
    /** Removed by the commissioner: out of the league, and barred from joining it again until let back in. */
    recordRemoval(leagueId: number, userId: number, at: number, by: number | null): void {
      c.prepare('INSERT OR REPLACE INTO league_removals (league_id, user_id, removed_at, removed_by) VALUES (?, ?, ?, ?)').run(leagueId, userId, at, by);
    },
    isRemoved: (leagueId: number, userId: number): boolean => isRemoved.get(leagueId, userId) !== undefined,
    /** Those removed from the league and not let back in, the latest first. */
    removed: (leagueId: number): RemovedRow[] =>
      c
        .prepare<[number], RemovedRow>(
          `SELECT r.user_id AS userId, u.username, u.avatar, r.removed_at AS removedAt
           FROM league_removals r JOIN users u ON u.id = r.user_id WHERE r.league_id = ? ORDER BY r.removed_at DESC, r.user_id LIMIT 1000`,
        )
        .all(leagueId),
    /** Lets a removed member back in (they may join again); false when they were not barred. */
    readmit: (leagueId: number, userId: number): boolean =>
      c.prepare('DELETE FROM league_removals WHERE league_id = ? AND user_id = ?').run(leagueId, userId).changes > 0,
  };
}

/** The league registry and its memberships, in the accounts database (docs/leagues.md §2). */
export function createLeaguesRepo(db: Db) {
  const c = db.$client;
  return { ...registryRows(c), ...memberships(c), ...removals(c) };
}
export type LeaguesRepo = ReturnType<typeof createLeaguesRepo>;
