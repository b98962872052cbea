import type { Db } from '../db/client.js';
import { createSeasonsRepo, type OpenOrderRef, type SeasonArchive, type SeasonRow } from '../db/seasons/seasons-repo.js';
import { createFeedRepo } from '../db/repos/feed.js';
import { createStatsReadsRepo, STATS_LIMIT } from '../db/repos/stats-reads.js';
import { seasonEndedText } from '../domain/chat/moments.js';
import { seasonRecap } from '../domain/seasons/recap.js';
import { rankStandings } from '../domain/seasons/standings.js';
import type { InstrumentKind } from '../shared/instrument.js';
import { DEFAULT_LEAGUE_RANKING, type Ranking } from '../shared/ranking.js';
import type { AdminWriter } from './admin-writer.js';
import type { AdminResult } from './admin.js';
import type { GameEvent } from './events.js';
import { ordinal } from '../domain/rivalry/overtakes.js';
import type { Standing } from '../domain/seasons/standings.js';
import type { Exchange, ExclusiveResult } from './exchange.js';

export interface SeasonEnded {
  /** The season that ended. */
  number: number;
  endedAt: number;
  archive: SeasonArchive;
  /** The league feed's item telling the end (written in the same transaction). */
  feedItemId: number;
}

/** Every open ask and offer cancelled by the writer, a book at a time (escrow and shares back, as a holder's own cancel). */
function cancelEverything(writer: AdminWriter, orders: readonly OpenOrderRef[]): void {
  const byBook = new Map<string, OpenOrderRef[]>();
  for (const o of orders) {
    const key = `${o.kind}:${o.instrumentId}`;
    byBook.set(key, [...(byBook.get(key) ?? []), o]);
  }
  for (const list of byBook.values()) writer.cancel({ kind: list[0]!.kind, id: list[0]!.instrumentId }, list);
}

/** Every market and every portfolio changed: the screens refresh them all. */
function resetEvents(db: Db): GameEvent[] {
  const c = db.$client;
  const instruments = c.prepare<[], { kind: 'player' | 'team'; id: number }>(
    "SELECT 'player' AS kind, id FROM players WHERE retired_at IS NULL UNION ALL SELECT 'team' AS kind, id FROM teams",
  );
  const users = c.prepare<[], { id: number }>('SELECT id FROM users');
  return [
    ...instruments.all().map((i): GameEvent => ({ type: 'marketUpdated', userId: null, itemType: i.kind, itemId: i.id })),
    ...users.all().map((u): GameEvent => ({ type: 'portfolioUpdated', userId: u.id })),
  ];
}

/** Each member is told the season ended, and where they finished (a toast, their inbox). */
function finishNotices(leagueId: number, season: number, standings: readonly Standing[], champions: readonly string[], at: number): GameEvent[] {
  const iso = new Date(at).toISOString();
  const winners = champions.length === 0 ? 'No champion' : `Champion${champions.length > 1 ? 's' : ''}: ${champions.join(', ')}`;
  return standings.map((s) => ({
    type: 'notice',
    userId: s.userId,
    notice: {
      kind: 'seasonEnded',
      userId: s.userId,
      leagueId,
      title: `Season ${season} ended: you finished ${s.tied ? 'tied ' : ''}${ordinal(s.rank)} of ${standings.length}`,
      body: `${winners}. A new season starts now, every share back on the open market.`,
      url: `/seasons/${season}`,
      at: iso,
    },
  }));
}

export interface EndSeasonOptions {
  /** The league, for its members' notices (0 in tests that have none). */
  leagueId?: number;
  /** The league's ranking rule (docs/rules.md §5); the default league's when not given. */
  ranking?: Ranking;
  /**
   * Ends the season only if this says so of it, judged inside the transaction (the season that is
   * current then, at the writer's time): a scheduled end that finds the season already ended, or no
   * longer due, ends nothing and answers null.
   */
  onlyIf?: (current: SeasonRow, at: number) => boolean;
  /** Told the answer inside the transaction (an idempotency key's answer, docs/architecture.md §3). */
  remember?: (answer: ExclusiveResult<SeasonEnded | null>) => void;
}

/**
 * Ends the league's current season (docs/seasons.md) as its single writer, in one transaction:
 * every open order cancelled, the final standings (holdings at their marks, ranked by the league's
 * rule, ties sharing a place), trade figures, statistics and recap (every co-winner a champion)
 * archived, the feed told, then the next season started from the starting cash with every share
 * back in the open market. A crash leaves the league in the old season as it was or in the new one
 * complete; the books and read models are rebuilt from the database afterwards.
 */
export function endSeason(exchange: Exchange, db: Db, startingCashCents: number, options?: Omit<EndSeasonOptions, 'onlyIf'>): AdminResult<SeasonEnded>;
export function endSeason(exchange: Exchange, db: Db, startingCashCents: number, options: EndSeasonOptions): AdminResult<SeasonEnded | null>;
export function endSeason(exchange: Exchange, db: Db, startingCashCents: number, options: EndSeasonOptions = {}): AdminResult<SeasonEnded | null> {
  const { ranking = DEFAULT_LEAGUE_RANKING, onlyIf, remember, leagueId = 0 } = options;
  const seasons = createSeasonsRepo(db);
  const stats = createStatsReadsRepo(db);
  return exchange.exclusive<SeasonEnded | null>((writer) => {
    const at = writer.at;
    const season = seasons.current();
    if (onlyIf && !onlyIf(season, at)) return { result: null, events: [], touched: [] };
    cancelEverything(writer, seasons.openOrders());
    const models = exchange.readModels();
    const markOf = (kind: InstrumentKind, id: number) => models.markOf(kind, id);
    const finals = seasons.finals();
    const holdings = finals.holdings.map((h) => {
      const priceCents = markOf(h.kind, h.id);
      return { ...h, priceCents, valueCents: h.shares * priceCents };
    });
    const standings = rankStandings(ranking, finals.members, holdings);
    const archive: SeasonArchive = {
      ranking,
      standings,
      ...seasons.figures(),
      // Read while the season is still the current one: every trade of the season.
      statistics: stats.statisticsSince(0, STATS_LIMIT),
      recap: seasonRecap(standings, seasons.recapFacts(markOf), startingCashCents, at),
    };
    seasons.closeAndOpenNext(season.number, at, archive);
    seasons.resetMarket(startingCashCents);
    const champions = archive.recap!.champions.map((c) => c.username);
    const told = createFeedRepo(db).add({
      kind: 'seasonEnded',
      userId: null,
      text: seasonEndedText(season.number, champions),
      data: { season: season.number, champions },
      at,
      key: `moment:season:${season.number}`,
    });
    return {
      result: { number: season.number, endedAt: at, archive, feedItemId: told.id },
      events: [...writer.events(), ...resetEvents(db), ...finishNotices(leagueId, season.number, standings, champions, at)],
    };
  }, remember);
}
