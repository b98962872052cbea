import { existsSync } from 'node:fs';
import type { Db } from '../../db/client.js';
import { DEFAULT_LEAGUE_ID, leagueFile, openLeagueDb } from '../../db/leagues/files.js';
import { createLeagueServices, type LeagueServiceDeps, type LeagueServices } from './league-services.js';

/** Where leagues' databases come from. */
export interface LeagueSource {
  /** The league's database, opened and migrated, and how to let it go; null when there is no such league. */
  open(leagueId: number): { db: Db; release(): void } | null;
}

export interface LeagueHubOptions {
  /** A league nobody used for this long (no call, nobody following it) is closed and its memory returned; 0 keeps every league open. */
  idleMs: number;
  /** Runs once each time a league opens, before anyone uses it: repairs, the contract changes it missed, its warm-up. */
  onOpen?: (league: LeagueServices) => void;
  /** The clock idleness is measured by. */
  now?: () => number;
}

interface OpenLeague {
  readonly services: LeagueServices;
  readonly release: () => void;
  lastUsed: number;
  /** Followers keeping it open (live feeds), however long they stay quiet. */
  holders: number;
}

type Listener = (leagueId: number) => void;

/**
 * The one owner of a league's life (docs/leagues.md §3): a league's services are set up here, once,
 * when it is first used; kept while it is used (every call that touches its market, every follower
 * of its live feeds); closed once idle for `idleMs` — its writer's last commits made durable, its
 * file let go, its memory returned — and opened again, read afresh from its file, on the next use.
 * The default league stays open. Deciding who may use a league is the caller's, from the registry,
 * before asking for it here: asking opens it.
 */
export class LeagueHub {
  private readonly leagues = new Map<number, OpenLeague>();
  private readonly openListeners = new Set<Listener>();
  private readonly closeListeners = new Set<Listener>();
  private readonly sweeper: NodeJS.Timeout | null;
  private readonly now: () => number;
  private shut = false;

  constructor(
    private readonly source: LeagueSource,
    private readonly deps: LeagueServiceDeps,
    private readonly options: LeagueHubOptions = { idleMs: 0 },
  ) {
    this.now = options.now ?? Date.now;
    this.sweeper = options.idleMs > 0 ? setInterval(() => void this.closeIdle(), Math.max(50, Math.min(60_000, options.idleMs / 4))) : null;
    this.sweeper?.unref();
  }

  /** The league's services, opened now if they are not yet, and marked used; null when there is no such league. */
  get(leagueId: number): LeagueServices | null {
    if (this.shut) throw new Error('The league hub is closed');
    const known = this.leagues.get(leagueId);
    if (known) {
      known.lastUsed = this.now();
      return known.services;
    }
    const opened = this.source.open(leagueId);
    if (!opened) return null;
    const services = createLeagueServices(leagueId, opened.db, this.deps);
    this.leagues.set(leagueId, { services, release: opened.release, lastUsed: this.now(), holders: 0 });
    this.options.onOpen?.(services);
    for (const listener of [...this.openListeners]) listener(leagueId);
    return services;
  }

  /** The league's services if it is open now; never opens it, nor counts as a use. */
  peek(leagueId: number): LeagueServices | undefined {
    return this.leagues.get(leagueId)?.services;
  }

  /**
   * Opens the league (when it is not) and keeps it open until the returned function is called: a
   * live feed's follower, whose league must not close under it while it waits for news.
   */
  hold(leagueId: number): { league: LeagueServices; release: () => void } | null {
    const league = this.get(leagueId);
    const entry = this.leagues.get(leagueId);
    if (!league || !entry) return null;
    entry.holders += 1;
    let released = false;
    return {
      league,
      release: () => {
        if (released) return;
        released = true;
        entry.holders -= 1;
        entry.lastUsed = this.now();
      },
    };
  }

  /** The leagues open now. */
  opened(): LeagueServices[] {
    return [...this.leagues.values()].map((e) => e.services);
  }

  /** How many leagues are open now. */
  get size(): number {
    return this.leagues.size;
  }

  /** Hears of each league opened (after its set-up); returns how to stop. */
  onOpened(listener: Listener): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  /** Hears of each league closed; returns how to stop. */
  onClosed(listener: Listener): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /**
   * Closes one league: it takes no more commands, everything it acknowledged is made durable, then
   * its database is let go. The next `get` opens it again, read afresh from its file.
   */
  async close(leagueId: number): Promise<void> {
    const entry = this.leagues.get(leagueId);
    if (!entry) return;
    this.leagues.delete(leagueId);
    for (const listener of [...this.closeListeners]) listener(leagueId);
    await entry.services.stop();
    entry.services.exchange.close();
    entry.release();
  }

  /** Closes the leagues idle for the hub's idle time: nobody following them, no use since. */
  async closeIdle(): Promise<number[]> {
    if (this.shut || this.options.idleMs <= 0) return [];
    const due = this.now() - this.options.idleMs;
    const idle = [...this.leagues].filter(([id, e]) => id !== DEFAULT_LEAGUE_ID && e.holders === 0 && e.lastUsed <= due).map(([id]) => id);
    await Promise.all(idle.map((id) => this.close(id)));
    return idle;
  }

  /** Closes every league (shutdown); the hub opens none after this. */
  async closeAll(): Promise<void> {
    this.shut = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.all([...this.leagues.keys()].map((id) => this.close(id)));
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
