import type { Logger } from 'pino';
import type { AuditRepo } from '../../db/repos/audit.js';
import type { LeaguesRepo } from '../../db/repos/leagues.js';
import { createSeasonsRepo, type SeasonRow } from '../../db/seasons/seasons-repo.js';
import type { LeagueHub } from '../leagues/hub.js';
import type { LeagueServices } from '../leagues/league-services.js';
import { finishSeason } from './finish.js';

/** The longest a timer waits (setTimeout's limit): a later end is waited for in steps. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/** The season is the running one and its end time has come. */
export const seasonDue = (season: SeasonRow, at: number): boolean => season.endedAt === null && season.endsAt !== null && season.endsAt <= at;

export interface SeasonClockDeps {
  hub: LeagueHub;
  registry: LeaguesRepo;
  audit: AuditRepo;
  logger: Logger;
  now: () => number;
}

/**
 * Ends each league's season at the time its commissioner set (docs/seasons.md, "A season's end
 * time"), exactly once: the end and the check that it is due are one transaction of the league's
 * writer. A timer per scheduled league, armed at start-up from the registry's copy of the end
 * times (so a league nobody has opened since the start still ends on time), and a catch-up when a
 * league opens, before its first command: a server that was down at the end time ends the season
 * as it starts, before trading reopens.
 */
export function createSeasonClock(deps: SeasonClockDeps) {
  const { hub, registry, logger, now } = deps;
  const timers = new Map<number, NodeJS.Timeout>();
  let stopped = false;

  function clear(leagueId: number): void {
    const timer = timers.get(leagueId);
    if (timer) clearTimeout(timer);
    timers.delete(leagueId);
  }

  /** Ends the league's season if it is due (judged in the writer's transaction); else waits for its end time. */
  function settle(leagueId: number, league: LeagueServices): void {
    const row = registry.byId(leagueId);
    if (!row) return;
    const season = createSeasonsRepo(league.db).current();
    // The registry's copy follows the league's file (a crash between the two writes is put right here).
    if (row.seasonEndsAt !== season.endsAt) registry.setSeasonEndsAt(leagueId, season.endsAt);
    if (season.endsAt === null) return clear(leagueId);
    if (!seasonDue(season, now())) return arm(leagueId, season.endsAt);
    clear(leagueId);
    const done = finishSeason({ league, row, audit: deps.audit, registry, logger }, 'schedule', { onlyIf: seasonDue });
    done?.told.catch((error: unknown) => logger.error({ err: error, leagueId }, 'A scheduled season end was not recorded'));
  }

  function fire(leagueId: number): void {
    timers.delete(leagueId);
    if (stopped) return;
    try {
      // Opening a closed league settles it (catchUp); an open one is settled here.
      const league = hub.get(leagueId);
      if (league) settle(leagueId, league);
    } catch (error) {
      logger.error({ err: error, leagueId }, 'Ending a season on schedule failed');
    }
  }

  /** Wakes for the league at `endsAt` (at once when it has passed). */
  function arm(leagueId: number, endsAt: number): void {
    if (stopped) return;
    clear(leagueId);
    const wait = Math.min(Math.max(0, endsAt - now()), MAX_WAIT_MS);
    const timer = setTimeout(() => fire(leagueId), wait);
    timer.unref();
    timers.set(leagueId, timer);
  }

  return {
    /** At start-up: a timer for every league whose season ends by itself. */
    start(): void {
      for (const { id, seasonEndsAt } of registry.scheduledEnds()) arm(id, seasonEndsAt);
    },
    /** A league just opened: its season ends now if its time has passed, before any command of the league runs. */
    catchUp(leagueId: number, league: LeagueServices): void {
      if (stopped) return;
      try {
        settle(leagueId, league);
      } catch (error) {
        logger.error({ err: error, leagueId }, 'Ending a season on schedule failed');
      }
    },
    /** The end time of a league's season changed (set or cleared). */
    scheduled(leagueId: number, endsAt: number | null): void {
      if (endsAt === null) clear(leagueId);
      else arm(leagueId, endsAt);
    },
    stop(): void {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
export type SeasonClock = ReturnType<typeof createSeasonClock>;
