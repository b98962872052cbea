import type { Logger } from 'pino';
import type { AuditRepo } from '../../db/repos/audit.js';
import type { LeagueRow, LeaguesRepo } from '../../db/repos/leagues.js';
import { winnersOf } from '../../domain/seasons/ranking.js';
import { endSeason, type EndSeasonOptions, type SeasonEnded } from '../../engine/season-end.js';
import { AppError } from '../errors.js';
import type { LeagueServices } from '../leagues/league-services.js';

export interface FinishDeps {
  league: Pick<LeagueServices, 'exchange' | 'db' | 'feed' | 'bus'>;
  row: LeagueRow;
  audit: AuditRepo;
  registry: LeaguesRepo;
  logger: Logger;
}

/** Who ended a season: a person (its commissioner, an admin), or its schedule. */
export type SeasonActor = { id: number; username: string } | 'schedule';

/**
 * Ends a league's current season, by hand or by its schedule alike (docs/seasons.md): the league's
 * writer does it in one transaction (season-end.ts); `onlyIf` is judged inside it, so a second end
 * of the same season (the schedule and a click, a restart) ends nothing. Answers null when nothing
 * ended, else the season ended and a promise that resolves once it is durable and told: the
 * server's audit log, the league's feed, the registry's copy of the end time, and the live feed
 * (every member's place, every open header's season).
 */
export function finishSeason(
  deps: FinishDeps,
  actor: SeasonActor,
  options: Omit<EndSeasonOptions, 'ranking'> = {},
): { ended: SeasonEnded; told: Promise<void> } | null {
  const { league, row, audit, registry, logger } = deps;
  // Ranked by the league's rule, as the leaderboard ranks (the row is read for the call).
  const answer = endSeason(league.exchange, league.db, row.startingCashCents, { ...options, ranking: row.ranking, leagueId: row.id });
  if (!answer.ok) throw new AppError('CONFLICT', answer.error.message);
  const ended = answer.value;
  if (!ended) return null;
  const told = league.exchange.idle().then(() => {
    const { number, endedAt, archive } = ended;
    audit.record({
      actorId: actor === 'schedule' ? null : actor.id,
      actor: actor === 'schedule' ? 'the season’s schedule' : actor.username,
      action: 'season.end',
      details: {
        leagueId: row.id,
        league: row.name,
        season: number,
        nextSeason: number + 1,
        members: archive.standings.length,
        ranking: archive.ranking,
        winners: winnersOf(archive.standings).map((r) => r.username),
        trades: archive.tradeCount,
        startingCashCents: row.startingCashCents,
        scheduled: actor === 'schedule',
      },
      at: endedAt,
    });
    registry.setSeasonEndsAt(row.id, null);
    league.feed.announce(ended.feedItemId);
    // Every open header of the league reads its season again (each member was told their place by the season's end itself, kept in their inbox).
    league.bus.publish([{ type: 'leagueUpdated', userId: null }]);
    logger.info({ leagueId: row.id, season: number, by: actor === 'schedule' ? 'schedule' : actor.id }, 'season ended');
  });
  return { ended, told };
}
