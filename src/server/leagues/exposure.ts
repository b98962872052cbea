import { statSync } from 'node:fs';
import type { Logger } from 'pino';
import { leagueFile } from '../../db/leagues/files.js';
import { readClosedLeague, type Exposure } from '../../db/repos/contract-reads.js';
import type { InstrumentKind } from '../../shared/instrument.js';
import type { LeagueHub } from './hub.js';

export interface ExposureDeps {
  hub: LeagueHub;
  /** Every league's id, open or not. */
  leagueIds: () => number[];
  dataDir: string;
  logger: Logger;
}

export interface LeagueExposure {
  leagueId: number;
  player: Exposure;
  team: Exposure;
}

const NONE: Exposure = { holdings: 0, shares: 0, openOrders: 0 };

/** What changes a file: its size and time, and its write-ahead log's. */
function stampOf(file: string): string | null {
  const part = (f: string) => {
    try {
      const s = statSync(f);
      return `${s.size}:${s.mtimeMs}`;
    } catch {
      return '-';
    }
  };
  const main = part(file);
  return main === '-' ? null : `${main}/${part(`${file}-wal`)}`;
}

/**
 * What a contract change of a player (and so of his team) would touch in every league, for the
 * admin's confirmation (docs/leagues.md §4). An open league answers from its writer's read models.
 * A closed league's file is read once per player and team, by two indexed counts, and the answer
 * kept while the file stays as it is (no writer has it open, so it changes only when the league
 * opens again): a preview costs the leagues' count, never their holdings.
 */
export function createExposureReads(deps: ExposureDeps) {
  const { hub, logger } = deps;
  const closed = new Map<number, { stamp: string; known: Map<string, Exposure> }>();

  function ofClosed(leagueId: number, refs: readonly [InstrumentKind, number][]): Exposure[] | null {
    const file = leagueFile(deps.dataDir, leagueId);
    const stamp = stampOf(file);
    if (stamp === null) return null;
    let entry = closed.get(leagueId);
    if (entry?.stamp !== stamp) {
      entry = { stamp, known: new Map() };
      closed.set(leagueId, entry);
    }
    const known = entry.known;
    const missing = refs.filter(([kind, id]) => !known.has(`${kind}:${id}`));
    if (missing.length > 0) {
      try {
        readClosedLeague(file, (reads) => {
          for (const [kind, id] of missing) known.set(`${kind}:${id}`, reads.exposure(kind, id));
        });
      } catch (error) {
        logger.warn({ err: error, leagueId }, 'A closed league could not be read for a contract preview');
        return null;
      }
    }
    return refs.map(([kind, id]) => known.get(`${kind}:${id}`) ?? NONE);
  }

  return {
    /** The player's and his team's holdings and open orders in each league (a league whose file cannot be read is left out). */
    ofPlayer(playerId: number, teamId: number): LeagueExposure[] {
      const open = new Map(hub.opened().map((l) => [l.leagueId, l]));
      return deps.leagueIds().flatMap((leagueId) => {
        const league = open.get(leagueId);
        if (league) {
          return [{ leagueId, player: league.contractStatus.exposure('player', playerId), team: league.contractStatus.exposure('team', teamId) }];
        }
        const read = ofClosed(leagueId, [
          ['player', playerId],
          ['team', teamId],
        ]);
        return read ? [{ leagueId, player: read[0]!, team: read[1]! }] : [];
      });
    },
  };
}
export type ExposureReads = ReturnType<typeof createExposureReads>;
