import type { Db } from '../db/client.js';
import { createSeasonsRepo, type OpenOrderRef, type SeasonArchive } from '../db/seasons/seasons-repo.js';
import { createStatsReadsRepo, STATS_LIMIT } from '../db/repos/stats-reads.js';
import { rankStandings } from '../domain/seasons/standings.js';
import { DEFAULT_LEAGUE_RANKING, type Ranking } from '../shared/ranking.js';
import type { AdminWriter } from './admin-writer.js';
import type { AdminResult } from './admin.js';
import type { GameEvent } from './events.js';
import type { Exchange, ExclusiveResult } from './exchange.js';

export interface SeasonEnded {
  /** The season that ended. */
  number: number;
  endedAt: number;
  archive: SeasonArchive;
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

/**
 * Ends the league's current season (docs/seasons.md) as its single writer, in one transaction:
 * every open order cancelled, the final standings (holdings at their marks, ranked by the league's
 * rule, ties sharing a place), trade figures and statistics archived, then the next season started
 * from the starting cash with every share back in the open market. A crash leaves the league in
 * the old season as it was or in the new one complete; the books and read models are rebuilt from
 * the database afterwards.
 */
export function endSeason(
  exchange: Exchange,
  db: Db,
  startingCashCents: number,
  ranking: Ranking = DEFAULT_LEAGUE_RANKING,
  /** Told the answer inside the transaction (an idempotency key's answer, docs/architecture.md §3). */
  remember?: (answer: ExclusiveResult<SeasonEnded>) => void,
): AdminResult<SeasonEnded> {
  const seasons = createSeasonsRepo(db);
  const stats = createStatsReadsRepo(db);
  return exchange.exclusive((writer) => {
    const at = writer.at;
    const season = seasons.current();
    cancelEverything(writer, seasons.openOrders());
    const finals = seasons.finals();
    const models = exchange.readModels();
    const holdings = finals.holdings.map((h) => {
      const priceCents = models.markOf(h.kind, h.id);
      return { ...h, priceCents, valueCents: h.shares * priceCents };
    });
    const archive: SeasonArchive = {
      ranking,
      standings: rankStandings(ranking, finals.members, holdings),
      ...seasons.figures(),
      // Read while the season is still the current one: every trade of the season.
      statistics: stats.statisticsSince(0, STATS_LIMIT),
    };
    seasons.closeAndOpenNext(season.number, at, archive);
    seasons.resetMarket(startingCashCents);
    return { result: { number: season.number, endedAt: at, archive }, events: [...writer.events(), ...resetEvents(db)] };
  }, remember);
}
