import { DEFAULT_LEAGUE_ID } from '../../db/leagues/files.js';
import { createAuditRepo } from '../../db/repos/audit.js';
import type { UserRow } from '../../db/repos/users.js';
import { createSeasonsRepo, type SeasonArchive, type SeasonRow } from '../../db/seasons/seasons-repo.js';
import { endSeason } from '../../engine/season-end.js';
import { centsToDollars } from '../../shared/money.js';
import {
  SEASON_TEXT,
  type EndSeasonResult,
  type SeasonArchiveOut,
  type SeasonFinishesOut,
  type SeasonList,
  type SeasonOut,
} from '../../shared/schemas/seasons.js';
import { AppError } from '../errors.js';
import { toStatistics } from '../reads/shape.js';
import type { AppServices } from '../services.js';

const iso = (ms: number): string => new Date(ms).toISOString();

const seasonOut = (s: SeasonRow): SeasonOut => ({
  number: s.number,
  startedAt: iso(s.startedAt),
  ...(s.endedAt === null ? {} : { endedAt: iso(s.endedAt) }),
});

function archiveOut(s: SeasonRow & { endedAt: number; archive: SeasonArchive }): SeasonArchiveOut {
  const { archive } = s;
  return {
    season: { ...seasonOut(s), endedAt: iso(s.endedAt), tradeCount: archive.tradeCount, volume: centsToDollars(archive.volumeCents) },
    standings: archive.standings.map((r) => ({
      rank: r.rank,
      userId: r.userId,
      username: r.username,
      cash: centsToDollars(r.cashCents),
      shareValue: centsToDollars(r.shareValueCents),
      total: centsToDollars(r.totalCents),
      holdings: r.holdings.map((h) => ({
        itemType: h.kind,
        itemId: h.id,
        name: h.name,
        shares: h.shares,
        lastPrice: h.priceCents === null ? null : centsToDollars(h.priceCents),
        value: centsToDollars(h.valueCents),
      })),
    })),
    statistics: toStatistics(archive.statistics),
  };
}

/** Who may end a league's season: its commissioner; the default league (which has none): the server's admins. */
function mayEnd(services: AppServices, user: UserRow): void {
  const { league } = services;
  if (league.id === DEFAULT_LEAGUE_ID && league.commissionerId === null) {
    if (!user.isAdmin) throw new AppError('FORBIDDEN', SEASON_TEXT.adminOnly);
  } else if (league.commissionerId !== user.id) throw new AppError('FORBIDDEN', SEASON_TEXT.commissionerOnly);
}

/** The seasons of the call's league (docs/seasons.md): the list, an ended season's archive, a member's finishes, and the end of the current one. */
export const seasonsOf = (services: AppServices) => {
  const repo = createSeasonsRepo(services.db);
  return {
    list: (): SeasonList => ({ seasons: repo.list().map(seasonOut) }),

    archive(number: number): SeasonArchiveOut {
      const s = repo.archived(number);
      if (s) return archiveOut(s);
      throw new AppError('NOT_FOUND', repo.list().some((x) => x.number === number) ? SEASON_TEXT.notEnded : SEASON_TEXT.notFound);
    },

    finishes(userId: number): SeasonFinishesOut {
      const finishes = repo.allArchived().flatMap((s) => {
        const mine = s.archive.standings.find((r) => r.userId === userId);
        if (!mine || s.endedAt === null) return [];
        return [{ season: s.number, endedAt: iso(s.endedAt), rank: mine.rank, of: s.archive.standings.length, total: centsToDollars(mine.totalCents) }];
      });
      return { finishes };
    },

    /**
     * Ends the current season once the caller typed the league's name: the league's writer does it
     * in one transaction; once durable, the change goes to the server's audit log.
     */
    async end(user: UserRow, confirm: string, season?: number): Promise<EndSeasonResult> {
      mayEnd(services, user);
      const { league } = services;
      if (confirm.trim() !== league.name) throw new AppError('BAD_REQUEST', SEASON_TEXT.confirmMismatch);
      const current = repo.list().at(-1);
      if (season !== undefined && current && current.number !== season) throw new AppError('CONFLICT', SEASON_TEXT.alreadyEnded(season));
      const ended = endSeason(services.exchange, services.db, league.startingCashCents);
      if (!ended.ok) throw new AppError('CONFLICT', ended.error.message);
      await services.exchange.idle();
      const { number, endedAt, archive } = ended.value;
      createAuditRepo(services.accounts).record({
        actorId: user.id,
        actor: user.username,
        action: 'season.end',
        details: {
          leagueId: league.id,
          league: league.name,
          season: number,
          nextSeason: number + 1,
          members: archive.standings.length,
          winner: archive.standings[0]?.username ?? null,
          trades: archive.tradeCount,
          startingCashCents: league.startingCashCents,
        },
        at: endedAt,
      });
      services.feed.announce(ended.value.feedItemId);
      services.logger.info({ leagueId: league.id, season: number, by: user.id }, 'season ended');
      return { season: { number, endedAt: iso(endedAt) } };
    },
  };
};
