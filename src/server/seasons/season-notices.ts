import type { ArchivedStanding } from '../../db/seasons/seasons-repo.js';
import { ordinal } from '../../domain/rivalry/overtakes.js';
import type { GameEvent } from '../../engine/events.js';

/** "Season 1 ended: you finished 2nd of 6" ("tied 2nd" when the place is shared). */
export function seasonEndedTitle(season: number, rank: number, tied: boolean, of: number): string {
  return `Season ${season} ended: you finished ${tied ? 'tied ' : ''}${ordinal(rank)} of ${of}`;
}

/** The notice each member of an ended season gets: their place, and the season's archive to look at. */
export function seasonEndedNotices(leagueId: number, season: number, standings: readonly ArchivedStanding[], endedAt: number): GameEvent[] {
  const at = new Date(endedAt).toISOString();
  return standings.map((s) => ({
    type: 'notice',
    userId: s.userId,
    notice: {
      kind: 'seasonEnded',
      userId: s.userId,
      leagueId,
      title: seasonEndedTitle(season, s.rank, s.tied === true, standings.length),
      body: `Season ${season + 1} has begun with fresh cash.`,
      url: `/seasons/${season}`,
      at,
    },
  }));
}
