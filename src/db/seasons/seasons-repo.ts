import type { Db } from '../client.js';
import type { InstrumentKind } from '../../shared/instrument.js';
import type { Ranking } from '../../shared/ranking.js';
import type { RecapFacts, SeasonRecap } from '../../shared/recap.js';
import { INSTRUMENT_NAME, MARKS_CTE, marksParamOf, namesJoinSql } from '../repos/marks-sql.js';
import type { MarkOf } from '../repos/valuation.js';
import type { StatisticsRows } from '../repos/stats-reads.js';
import { inCurrentSeasonSql } from './season-sql.js';

export type { RecapFacts, SeasonRecap };

export interface SeasonRow {
  number: number;
  startedAt: number;
  endedAt: number | null;
  /** When the season ends (or was to end) by itself, as its commissioner set it; null: when they end it. */
  endsAt: number | null;
}

/** A holding as its season closed (money in cents). */
export interface ArchivedHolding {
  kind: InstrumentKind;
  id: number;
  name: string;
  shares: number;
  /** The price it was valued at: the mark (archives from before the mark: the last trade price, null when valued at cost). */
  priceCents: number | null;
  /** The last trade price between users (absent in archives from before the mark, whose `priceCents` is it). */
  lastPriceCents?: number | null;
  valueCents: number;
}

/** A member's line of an ended season, as archived (money in cents). */
export interface ArchivedStanding {
  rank: number;
  /** Another member finished with the same figure (absent in archives from before ties were shown: work it out). */
  tied?: boolean;
  userId: number;
  username: string;
  cashCents: number;
  shareValueCents: number;
  totalCents: number;
  holdings: ArchivedHolding[];
}

/** What an ended season keeps (docs/seasons.md): the standings as it closed, its trade figures, the statistics tables, its recap. */
export interface SeasonArchive {
  /** What the standings ranked by (absent in archives from before the league chose: share value). */
  ranking?: Ranking;
  standings: ArchivedStanding[];
  tradeCount: number;
  volumeCents: number;
  statistics: StatisticsRows;
  /** Champions and awards (seasons ended before recaps were kept have none). */
  recap?: SeasonRecap;
}

export interface OpenOrderRef {
  id: number;
  side: 'ask' | 'offer';
  userId: number;
  kind: InstrumentKind;
  instrumentId: number;
}

/** The facts of the current season's awards at the marks, read before it closes (each a scan of the season's trades, once). */
function recapFactsOf(db: Db): (markOf: MarkOf) => RecapFacts {
  const c = db.$client;
  const marksParam = marksParamOf(db);
  const bestTrade = c.prepare<[string], NonNullable<RecapFacts['bestTrade']>>(
    `WITH ${MARKS_CTE}
     SELECT t.buyer_id AS userId, u.username, t.instrument AS kind, t.instrument_id AS id, ${INSTRUMENT_NAME} AS name, t.shares,
       t.price_cents AS priceCents, m.mark AS closeCents, t.created_at AS at
     FROM trades t JOIN marks m ON m.kind = t.instrument AND m.id = t.instrument_id ${namesJoinSql('t')}
     JOIN users u ON u.id = t.buyer_id AND u.left_at IS NULL
     -- The season's trades by time too, so that each instrument's trades are read from the season's start (its time index).
     WHERE ${inCurrentSeasonSql('t')} AND t.created_at >= (SELECT started_at FROM seasons ORDER BY number DESC LIMIT 1)
     ORDER BY t.shares * (m.mark - t.price_cents) DESC, t.id LIMIT 1`,
  );
  const mostActive = c.prepare<[], NonNullable<RecapFacts['mostActive']>>(
    `SELECT x.u AS userId, u.username, COUNT(*) AS trades FROM (
       SELECT buyer_id AS u FROM trades WHERE ${inCurrentSeasonSql()} AND buyer_id IS NOT NULL
       UNION ALL SELECT seller_id FROM trades WHERE ${inCurrentSeasonSql()} AND seller_id IS NOT NULL) x
     JOIN users u ON u.id = x.u AND u.left_at IS NULL
     GROUP BY x.u ORDER BY trades DESC, x.u LIMIT 1`,
  );
  const longestHeld = c.prepare<[string], NonNullable<RecapFacts['longestHeld']>>(
    `WITH ${MARKS_CTE}
     SELECT * FROM (
       SELECT h.user_id AS userId, u.username, h.instrument AS kind, h.instrument_id AS id, ${INSTRUMENT_NAME} AS name,
         h.cost_basis_cents AS costCents, h.shares * m.mark AS valueCents,
         (SELECT MIN(t.created_at) FROM trades t WHERE t.buyer_id = h.user_id AND t.instrument = h.instrument AND t.instrument_id = h.instrument_id
            AND ${inCurrentSeasonSql('t')}) AS since
       FROM holdings h JOIN marks m ON m.kind = h.instrument AND m.id = h.instrument_id ${namesJoinSql('h')}
       JOIN users u ON u.id = h.user_id AND u.left_at IS NULL
       WHERE h.shares * m.mark > h.cost_basis_cents)
     WHERE since IS NOT NULL ORDER BY since, valueCents - costCents DESC, userId LIMIT 1`,
  );
  return (markOf) => {
    const marks = marksParam(markOf);
    return { bestTrade: bestTrade.get(marks) ?? null, mostActive: mostActive.get() ?? null, longestHeld: longestHeld.get(marks) ?? null };
  };
}

/** A league file's seasons: which one is current, the archives of the ended ones, and the reset between them. */
export function createSeasonsRepo(db: Db) {
  const c = db.$client;
  const ROW = 'number, started_at AS startedAt, ended_at AS endedAt, ends_at AS endsAt';
  const list = c.prepare<[], SeasonRow>(`SELECT ${ROW} FROM seasons ORDER BY number`);
  const current = c.prepare<[], SeasonRow>(`SELECT ${ROW} FROM seasons ORDER BY number DESC LIMIT 1`);
  const archived = c.prepare<[number], SeasonRow & { archive: string | null }>(`SELECT ${ROW}, archive FROM seasons WHERE number = ?`);
  const allArchives = c.prepare<[], SeasonRow & { archive: string }>(`SELECT ${ROW}, archive FROM seasons WHERE archive IS NOT NULL ORDER BY number DESC`);
  const setEndsAt = c.prepare<[number | null, number]>('UPDATE seasons SET ends_at = ? WHERE number = ? AND ended_at IS NULL');
  const members = c.prepare<[], { userId: number; username: string; cashCents: number }>(
    'SELECT id AS userId, username, balance_cents AS cashCents FROM users WHERE left_at IS NULL',
  );
  const holdings = c.prepare<[], { userId: number; kind: InstrumentKind; id: number; name: string; shares: number; lastPriceCents: number | null }>(
    `SELECT h.user_id AS userId, h.instrument AS kind, h.instrument_id AS id, COALESCE(p.name, t.name) AS name, h.shares,
       COALESCE(p.last_trade_price_cents, t.last_trade_price_cents) AS lastPriceCents
     FROM holdings h
     LEFT JOIN players p ON h.instrument = 'player' AND p.id = h.instrument_id
     LEFT JOIN teams t ON h.instrument = 'team' AND t.id = h.instrument_id
     JOIN users u ON u.id = h.user_id AND u.left_at IS NULL`,
  );
  const figures = c.prepare<[], { tradeCount: number; volumeCents: number }>(
    `SELECT COUNT(*) AS tradeCount, COALESCE(SUM(shares * price_cents), 0) AS volumeCents FROM trades WHERE ${inCurrentSeasonSql()}`,
  );
  const openOrders = c.prepare<[], OpenOrderRef>(
    `SELECT id, side, user_id AS userId, instrument AS kind, instrument_id AS instrumentId FROM orders WHERE status = 'open' ORDER BY id`,
  );
  const close = c.prepare<[number, string, number]>('UPDATE seasons SET ended_at = ?, archive = ? WHERE number = ?');
  const open = c.prepare<[number, number]>('INSERT INTO seasons (number, started_at, after_trade_id) SELECT ?, ?, COALESCE(MAX(id), 0) FROM trades');
  const resetCash = c.prepare<[number]>('UPDATE users SET balance_cents = ?');
  const resets = [
    'DELETE FROM holdings',
    'UPDATE players SET shares_remaining = salary, last_trade_price_cents = NULL',
    `UPDATE teams SET last_trade_price_cents = NULL,
       shares_remaining = COALESCE((SELECT SUM(p.salary) FROM players p WHERE p.team_id = teams.id AND p.retired_at IS NULL), 0)`,
  ].map((sql) => c.prepare<[]>(sql));

  return {
    list: (): SeasonRow[] => list.all(),
    current: (): SeasonRow => current.get() ?? { number: 1, startedAt: 0, endedAt: null, endsAt: null },
    /** Sets (or clears) when the running season `number` ends by itself; false when it is not the running one. */
    setEndsAt: (number: number, endsAt: number | null): boolean => setEndsAt.run(endsAt, number).changes > 0,
    recapFacts: recapFactsOf(db),
    /** An ended season with its archive; undefined for the current one or a number that never was. */
    archived(number: number): (SeasonRow & { endedAt: number; archive: SeasonArchive }) | undefined {
      const row = archived.get(number);
      if (!row || row.endedAt === null || row.archive === null) return undefined;
      return { ...row, endedAt: row.endedAt, archive: JSON.parse(row.archive) as SeasonArchive };
    },
    /** Every ended season with its archive, newest first. */
    allArchived: (): (SeasonRow & { archive: SeasonArchive })[] => allArchives.all().map((r) => ({ ...r, archive: JSON.parse(r.archive) as SeasonArchive })),
    /** Every member now (not removed) with their cash, and their holdings with the last trade prices (the writer values them at the marks). */
    finals: () => ({ members: members.all(), holdings: holdings.all() }),
    /** How many trades the current season had, and their value. */
    figures: () => figures.get() ?? { tradeCount: 0, volumeCents: 0 },
    openOrders: (): OpenOrderRef[] => openOrders.all(),
    /** Ends `number` at `at` with its archive and starts the next one then. */
    closeAndOpenNext(number: number, at: number, archive: SeasonArchive): void {
      close.run(at, JSON.stringify(archive), number);
      open.run(number + 1, at);
    },
    /**
     * The market as a new league has it: every account's cash the starting cash, every share back in
     * the open market, no last prices. Orders must be cancelled first (their escrow returned).
     */
    resetMarket(startingCashCents: number): void {
      resetCash.run(startingCashCents);
      for (const r of resets) r.run();
    },
  };
}
export type SeasonsRepo = ReturnType<typeof createSeasonsRepo>;
