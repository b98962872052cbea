import { DEFAULT_LEAGUE_ID } from '../../db/leagues/files.js';
import { createAuditRepo } from '../../db/repos/audit.js';
import type { LeagueRow } from '../../db/repos/leagues.js';
import type { UserRow } from '../../db/repos/users.js';
import type { ArchivedHolding, ArchivedStanding, SeasonArchive, SeasonRow } from '../../db/seasons/seasons-repo.js';
import { rankBy, winnersOf } from '../../domain/seasons/ranking.js';
import { endSeason, type SeasonEnded } from '../../engine/season-end.js';
import type { ExclusiveResult } from '../../engine/exchange.js';
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
import type { GlobalServices } from '../app-services.js';
import type { LeagueServices } from '../leagues/league-services.js';

/** What the seasons of a league need: its market and registry row, the accounts (the audit log), the log. */
type SeasonServices = Pick<LeagueServices, 'db' | 'exchange' | 'seasons'> & Pick<GlobalServices, 'accounts' | 'logger'> & { league: LeagueRow };

const iso = (ms: number): string => new Date(ms).toISOString();

/** The last trade price of an archived holding (archives from before the mark kept it as the price it was valued at). */
const lastPriceOf = (h: ArchivedHolding): number | null => {
  const cents = h.lastPriceCents !== undefined ? h.lastPriceCents : h.priceCents;
  return cents === null ? null : centsToDollars(cents);
};

const seasonOut = (s: SeasonRow): SeasonOut => ({
  number: s.number,
  startedAt: iso(s.startedAt),
  ...(s.endedAt === null ? {} : { endedAt: iso(s.endedAt) }),
});

/**
 * An archive's standings with their shared places: as archived, or, for archives from before ties
 * were shown, worked out again from the archived figures by the rule they ranked by.
 */
function placed(archive: SeasonArchive): (ArchivedStanding & { tied: boolean })[] {
  const rule = archive.ranking ?? 'shareValue';
  if (archive.standings.every((r) => r.tied !== undefined)) return archive.standings.map((r) => ({ ...r, tied: r.tied! }));
  return rankBy(
    rule,
    archive.standings.map((r) => ({ ...r, netWorthCents: r.totalCents })),
  ).map(({ netWorthCents: _n, ...r }) => r);
}

function archiveOut(s: SeasonRow & { endedAt: number; archive: SeasonArchive }): SeasonArchiveOut {
  const { archive } = s;
  const standings = placed(archive);
  return {
    season: {
      ...seasonOut(s),
      endedAt: iso(s.endedAt),
      tradeCount: archive.tradeCount,
      volume: centsToDollars(archive.volumeCents),
      ranking: archive.ranking ?? 'shareValue',
      winners: winnersOf(standings).map((r) => ({ userId: r.userId, username: r.username })),
    },
    standings: standings.map((r) => ({
      rank: r.rank,
      tied: r.tied,
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
        lastPrice: lastPriceOf(h),
        price: h.priceCents !== null ? centsToDollars(h.priceCents) : centsToDollars(Math.round(h.valueCents / h.shares)),
        value: centsToDollars(h.valueCents),
      })),
    })),
    statistics: toStatistics(archive.statistics),
  };
}

/** What ending a season answers. */
export const endedAnswer = (ended: Pick<SeasonEnded, 'number' | 'endedAt'>): EndSeasonResult => ({
  season: { number: ended.number, endedAt: iso(ended.endedAt) },
});

/** Who may end a league's season: its commissioner; the default league (which has none): the server's admins. */
function mayEnd(services: SeasonServices, user: UserRow): void {
  const { league } = services;
  if (league.id === DEFAULT_LEAGUE_ID && league.commissionerId === null) {
    if (!user.isAdmin) throw new AppError('FORBIDDEN', SEASON_TEXT.adminOnly);
  } else if (league.commissionerId !== user.id) throw new AppError('FORBIDDEN', SEASON_TEXT.commissionerOnly);
}

/** The seasons of the call's league (docs/seasons.md): the list, an ended season's archive, a member's finishes, and the end of the current one. */
export const seasonsOf = (services: SeasonServices) => {
  const repo = services.seasons;
  return {
    list: (): SeasonList => {
      const winners = new Map(repo.allArchived().map((s) => [s.number, winnersOf(placed(s.archive)).map((r) => r.username)]));
      return { seasons: repo.list().map((s) => ({ ...seasonOut(s), ...(winners.has(s.number) ? { winners: winners.get(s.number)! } : {}) })) };
    },

    archive(number: number): SeasonArchiveOut {
      const s = repo.archived(number);
      if (s) return archiveOut(s);
      throw new AppError('NOT_FOUND', repo.list().some((x) => x.number === number) ? SEASON_TEXT.notEnded : SEASON_TEXT.notFound);
    },

    finishes(userId: number): SeasonFinishesOut {
      const finishes = repo.allArchived().flatMap((s) => {
        const mine = placed(s.archive).find((r) => r.userId === userId);
        if (!mine || s.endedAt === null) return [];
        return [
          {
            season: s.number,
            endedAt: iso(s.endedAt),
            rank: mine.rank,
            tied: mine.tied,
            of: s.archive.standings.length,
            total: centsToDollars(mine.totalCents),
          },
        ];
      });
      return { finishes };
    },

    /**
     * Ends the current season once the caller typed the league's name: the league's writer does it
     * in one transaction; once durable, the change goes to the server's audit log.
     */
    /** Who may end the season, and the confirmation typed: refused before anything else (never an idempotency key's answer). */
    mayEnd(user: UserRow, confirm: string): void {
      mayEnd(services, user);
      if (confirm.trim() !== services.league.name) throw new AppError('BAD_REQUEST', SEASON_TEXT.confirmMismatch);
    },

    async end(user: UserRow, confirm: string, season?: number, remember?: (answer: ExclusiveResult<SeasonEnded>) => void): Promise<EndSeasonResult> {
      this.mayEnd(user, confirm);
      const { league } = services;
      const current = repo.list().at(-1);
      if (season !== undefined && current && current.number !== season) throw new AppError('CONFLICT', SEASON_TEXT.alreadyEnded(season));
      const ended = endSeason(services.exchange, services.db, league.startingCashCents, league.ranking, remember);
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
          ranking: archive.ranking,
          winners: winnersOf(archive.standings).map((r) => r.username),
          trades: archive.tradeCount,
          startingCashCents: league.startingCashCents,
        },
        at: endedAt,
      });
      services.logger.info({ leagueId: league.id, season: number, by: user.id }, 'season ended');
      return endedAnswer(ended.value);
    },
  };
};
