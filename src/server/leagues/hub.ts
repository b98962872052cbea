import { existsSync } from 'node:fs';
import type { Db } from '../../db/client.js';
import { leagueFile, openLeagueDb } from '../../db/leagues/files.js';
import { createLeagueServices, type LeagueServiceDeps, type LeagueServices } from './league-services.js';

/** Where leagues' databases come from. */
export interface LeagueSource {
  /** The league's database, opened and migrated, and how to let it go; null when there is no such league. */
  open(leagueId: number): { db: Db; release(): void } | null;
}

/**
 * The open leagues (docs/leagues.md §3): each league's services are created on its first use and
 * kept, by id, until closed. Leagues share nothing: each has its own connection, writer, group
 * commit and bus, so one league's commands never wait on another's transaction.
 */
export class LeagueHub {
  private readonly open = new Map<number, { league: LeagueServices; release(): void }>();
  private closed = false;

  constructor(
    private readonly source: LeagueSource,
    private readonly deps: LeagueServiceDeps,
    /** Called once each time a league is opened. */
    private readonly onOpen: (league: LeagueServices) => void = () => undefined,
  ) {}

  /** The league's services, opened now if they are not yet; null when there is no such league. */
  get(leagueId: number): LeagueServices | null {
    if (this.closed) throw new Error('The league hub is closed');
    const known = this.open.get(leagueId);
    if (known) return known.league;
    const opened = this.source.open(leagueId);
    if (!opened) return null;
    const league = createLeagueServices(leagueId, opened.db, this.deps);
    this.open.set(leagueId, { league, release: opened.release });
    this.onOpen(league);
    return league;
  }

  /** The league's services if it is open now; never opens it. */
  peek(leagueId: number): LeagueServices | undefined {
    return this.open.get(leagueId)?.league;
  }

  /** The leagues open now. */
  opened(): LeagueServices[] {
    return [...this.open.values()].map((e) => e.league);
  }

  /**
   * Closes one league: it takes no more commands, everything it acknowledged is made durable, then
   * its database is let go. The next `get` opens it again, read afresh from its file.
   */
  async close(leagueId: number): Promise<void> {
    const entry = this.open.get(leagueId);
    if (!entry) return;
    this.open.delete(leagueId);
    await entry.league.stop();
    entry.league.exchange.close();
    entry.release();
  }

  /** Closes every league (shutdown); the hub opens none after this. */
  async closeAll(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.open.keys()].map((id) => this.close(id)));
    this.deps.checkpointWorker.close();
  }
}

/** League files, `DATA_DIR/leagues/{leagueId}.db`. */
export function leagueFiles(dataDir: string, migrationsFolder: string): LeagueSource {
  return {
    open(leagueId) {
      if (!Number.isSafeInteger(leagueId) || leagueId < 1) return null;
      const file = leagueFile(dataDir, leagueId);
      if (!existsSync(file)) return null;
      const db = openLeagueDb(file, migrationsFolder);
      return { db, release: () => db.$client.close() };
    },
  };
}
