import { DEFAULT_LEAGUE_ID } from '../../db/leagues/files.js';
import { createAuditRepo } from '../../db/repos/audit.js';
import type { LeagueRow } from '../../db/repos/leagues.js';
import type { UserRow } from '../../db/repos/users.js';
import type { ArchivedHolding, ArchivedStanding, SeasonArchive, SeasonRecap, SeasonRow } from '../../db/seasons/seasons-repo.js';
import { rankBy, winnersOf } from '../../domain/seasons/ranking.js';
import { seasonRecap } from '../../domain/seasons/recap.js';
import type { SeasonEnded } from '../../engine/season-end.js';
import type { ExclusiveResult } from '../../engine/exchange.js';
import { centsToDollars } from '../../shared/money.js';
import {
  MAX_SEASON_SCHEDULE_MS,
  SEASON_TEXT,
  type EndSeasonResult,
  type ScheduleSeasonResult,
  type SeasonArchiveOut,
  type SeasonFinishesOut,
  type SeasonList,
  type SeasonOut,
  type SeasonRecapOut,
} from '../../shared/schemas/seasons.js';
import { AppError, codeOfRefusal } from '../errors.js';
import { toStatistics } from '../reads/shape.js';
import type { GlobalServices } from '../app-services.js';
import type { LeagueServices } from '../leagues/league-services.js';
import { inTransaction, type Remember } from '../idempotency/once.js';
import { finishSeason } from './finish.js';

/** What the seasons of a league need: its market and registry row, the registry and the season's clock, the accounts (the audit log), the log, and where share links point. */
export type SeasonServices = Pick<LeagueServices, 'db' | 'exchange' | 'seasons' | 'feed' | 'bus'> &
  Pick<GlobalServices, 'accounts' | 'logger' | 'now' | 'registry' | 'seasonClock' | 'publicUrl' | 'shareKeys'> & { league: LeagueRow };

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
  // Only the running season says when it ends.
  ...(s.endedAt === null && s.endsAt !== null ? { endsAt: iso(s.endsAt) } : {}),
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

/** A season's recap in dollars; an archive kept before recaps were names its champions and best return from its standings. */
function recapOut(archive: SeasonArchive, startingCashCents: number, endedAt: number): SeasonRecapOut {
  const r: SeasonRecap = archive.recap ?? seasonRecap(placed(archive), { bestTrade: null, mostActive: null, longestHeld: null }, startingCashCents, endedAt);
  return {
    champions: r.champions.map((c) => ({
      userId: c.userId,
      username: c.username,
      total: centsToDollars(c.totalCents),
      shareValue: centsToDollars(c.shareValueCents),
    })),
    awards: {
      bestReturn: r.bestReturn && {
        userId: r.bestReturn.userId,
        username: r.bestReturn.username,
        returnPct: r.bestReturn.returnPct,
        total: centsToDollars(r.bestReturn.totalCents),
      },
      bestTrade: r.bestTrade && {
        userId: r.bestTrade.userId,
        username: r.bestTrade.username,
        itemType: r.bestTrade.kind,
        itemId: r.bestTrade.id,
        itemName: r.bestTrade.name,
        shares: r.bestTrade.shares,
        price: centsToDollars(r.bestTrade.priceCents),
        closingPrice: centsToDollars(r.bestTrade.closeCents),
        profit: centsToDollars(r.bestTrade.profitCents),
        at: iso(r.bestTrade.at),
      },
      mostActive: r.mostActive && { userId: r.mostActive.userId, username: r.mostActive.username, trades: r.mostActive.trades },
      longestHeldWinner: r.longestHeld && {
        userId: r.longestHeld.userId,
        username: r.longestHeld.username,
        itemType: r.longestHeld.kind,
        itemId: r.longestHeld.id,
        itemName: r.longestHeld.name,
        since: iso(r.longestHeld.since),
        days: r.longestHeld.days,
        gainPct: r.longestHeld.gainPct,
      },
    },
  };
}

/** Where a season's archive page and card are, with the share key (docs/seasons.md, "Sharing"). */
export function shareLinks(services: Pick<GlobalServices, 'publicUrl' | 'shareKeys'>, league: { id: number; slug: string }, season: number) {
  const key = services.shareKeys.key(league.id, season);
  const base = services.publicUrl.replace(/\/+$/, '');
  return {
    url: `${base}/l/${encodeURIComponent(league.slug)}/seasons/${season}?share=${key}`,
    cardUrl: `${base}/api/leagues/${league.id}/seasons/${season}/card.png?share=${key}`,
  };
}

function archiveOut(services: SeasonServices, s: SeasonRow & { endedAt: number; archive: SeasonArchive }): SeasonArchiveOut {
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
    recap: recapOut(archive, services.league.startingCashCents, s.endedAt),
    share: shareLinks(services, services.league, s.number),
  };
}

/** What ending a season answers. */
export const endedAnswer = (ended: Pick<SeasonEnded, 'number' | 'endedAt'>): EndSeasonResult => ({
  season: { number: ended.number, endedAt: iso(ended.endedAt) },
});

/** Who may end a league's season or set when it ends: its commissioner; the default league (which has none): the server's admins. */
function mayRun(services: SeasonServices, user: UserRow, texts: { admins: string; commissioner: string }): void {
  const { league } = services;
  if (league.id === DEFAULT_LEAGUE_ID && league.commissionerId === null) {
    if (!user.isAdmin) throw new AppError('FORBIDDEN', texts.admins);
  } else if (league.commissionerId !== user.id) throw new AppError('FORBIDDEN', texts.commissioner);
}

/** What anyone who may read the league reads of its seasons: the list, an ended season's archive, a member's finishes. */
const seasonReads = (services: SeasonServices) => {
  const repo = services.seasons;
  return {
    list: (): SeasonList => {
      const winners = new Map(repo.allArchived().map((s) => [s.number, winnersOf(placed(s.archive)).map((r) => r.username)]));
      return { seasons: repo.list().map((s) => ({ ...seasonOut(s), ...(winners.has(s.number) ? { winners: winners.get(s.number)! } : {}) })) };
    },

    archive(number: number): SeasonArchiveOut {
      const s = repo.archived(number);
      if (s) return archiveOut(services, s);
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
  };
};

/** The commissioner's: when the season ends, and its end. */
const seasonCommands = (services: SeasonServices) => {
  const repo = services.seasons;
  const finishDeps = () => ({
    league: services,
    row: services.league,
    audit: createAuditRepo(services.accounts),
    registry: services.registry,
    logger: services.logger,
  });
  const commands = {
    /** Who may set when the season ends: refused before anything else (never an idempotency key's answer). */
    maySchedule(user: UserRow): void {
      mayRun(services, user, { admins: SEASON_TEXT.scheduleAdminOnly, commissioner: SEASON_TEXT.scheduleCommissionerOnly });
    },

    /**
     * Sets when the running season ends by itself (an ISO time in the future, within a year), or
     * clears it: written in the league's file (the truth, with the call's idempotency key in the same
     * transaction) and copied to the registry (what wakes the league at start-up), and the season's
     * clock follows. Setting the same time again changes nothing.
     */
    schedule(user: UserRow, endsAtIso: string | null, remember: Remember<ScheduleSeasonResult> = null): ScheduleSeasonResult {
      commands.maySchedule(user);
      const now = services.now();
      const endsAt = endsAtIso === null ? null : Date.parse(endsAtIso);
      if (endsAt !== null && endsAt <= now) throw new AppError('BAD_REQUEST', SEASON_TEXT.endsAtPast);
      if (endsAt !== null && endsAt > now + MAX_SEASON_SCHEDULE_MS) throw new AppError('BAD_REQUEST', SEASON_TEXT.endsAtTooFar);
      let changed: number | null = null;
      const answer = inTransaction(
        services.db,
        (): ScheduleSeasonResult => {
          const current = repo.current();
          if (current.endsAt !== endsAt) {
            if (!repo.setEndsAt(current.number, endsAt)) throw new AppError('CONFLICT', SEASON_TEXT.notRunning);
            changed = current.number;
          }
          return { season: { number: current.number, startedAt: iso(current.startedAt), endsAt: endsAt === null ? null : iso(endsAt) } };
        },
        remember,
      );
      if (changed !== null) {
        services.registry.setSeasonEndsAt(services.league.id, endsAt);
        services.seasonClock.scheduled(services.league.id, endsAt);
        createAuditRepo(services.accounts).record({
          actorId: user.id,
          actor: user.username,
          action: 'season.schedule',
          details: { leagueId: services.league.id, league: services.league.name, season: changed, endsAt: endsAtIso },
          at: now,
        });
      }
      return answer;
    },

    /**
     * Ends the current season once the caller typed the league's name: the league's writer does it
     * in one transaction; once durable, the change goes to the server's audit log. `season`, when
     * given, must still be the current one (checked inside the transaction).
     */
    /** Who may end the season, and the confirmation typed: refused before anything else (never an idempotency key's answer). */
    mayEnd(user: UserRow, confirm: string): void {
      mayRun(services, user, { admins: SEASON_TEXT.adminOnly, commissioner: SEASON_TEXT.commissionerOnly });
      if (confirm.trim() !== services.league.name) throw new AppError('BAD_REQUEST', SEASON_TEXT.confirmMismatch);
    },

    async end(user: UserRow, confirm: string, season?: number, remember?: Remember<EndSeasonResult>): Promise<EndSeasonResult> {
      commands.mayEnd(user, confirm);
      const stale = () => new AppError('CONFLICT', SEASON_TEXT.alreadyEnded(season!));
      const done = finishSeason(finishDeps(), user, {
        onlyIf: (current) => season === undefined || current.number === season,
        // The key keeps the answer, or the refusal of a season that ended meanwhile, in the season's end transaction.
        remember: remember
          ? (answer: ExclusiveResult<SeasonEnded | null>) => {
              if (!answer.ok) return remember({ ok: false, code: codeOfRefusal(answer.error.code), message: answer.error.message });
              if (answer.value === null) return remember({ ok: false, code: 'CONFLICT', message: stale().message });
              remember({ ok: true, value: endedAnswer(answer.value) });
            }
          : undefined,
      });
      if (!done) throw stale();
      await done.told;
      return endedAnswer(done.ended);
    },
  };
  return commands;
};

/** The seasons of the call's league (docs/seasons.md): the list, an ended season's archive, a member's finishes, its end time, and its end. */
export const seasonsOf = (services: SeasonServices) => ({ ...seasonReads(services), ...seasonCommands(services) });
