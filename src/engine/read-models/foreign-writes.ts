import type Database from 'better-sqlite3';

/** The tables the books and read models mirror. */
const WATCHED = ['players', 'teams', 'holdings', 'orders', 'trades', 'declined_asks'] as const;

/** Each connection's taps: how many times its triggers saw a row written behind the exchange's back. */
const taps = new WeakMap<Database.Database, { n: number }>();
function tapsOf(sqlite: Database.Database): { n: number } {
  let counter = taps.get(sqlite);
  if (!counter) {
    const tapped = { n: 0 };
    sqlite.function('foreign_write_tap', { deterministic: false }, () => {
      tapped.n += 1;
      return null;
    });
    taps.set(sqlite, (counter = tapped));
  }
  return counter;
}

/**
 * Notices writes to the market's tables that did not come from the exchange, on its connection
 * (a tool or a test writing rows by hand): the books and read models mirror what the exchange
 * writes, so anything else means they must be rebuilt from the database.
 *
 * Temporary triggers (this connection only) count every changed row while the flag is down; the
 * exchange raises the flag inside each of its transactions, so a rolled-back transaction lowers it
 * again. Per row the exchange writes, a trigger only reads the one-row flag. Every read of the
 * market asks whether anything changed: the triggers also tap a counter in memory, and the count in
 * the database (which a rollback takes back) is read only after a tap.
 */
export class ForeignWrites {
  private readonly raise: Database.Statement;
  private readonly lower: Database.Statement;
  private readonly count: Database.Statement<[], { n: number }>;
  private seen: number;
  private readonly taps: { n: number };
  private tapsSeen: number;

  constructor(sqlite: Database.Database) {
    this.taps = tapsOf(sqlite);
    this.tapsSeen = this.taps.n;
    sqlite.exec(`
      CREATE TEMP TABLE IF NOT EXISTS exchange_writing (own INTEGER NOT NULL);
      INSERT INTO exchange_writing SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM exchange_writing);
      CREATE TEMP TABLE IF NOT EXISTS foreign_writes (n INTEGER NOT NULL);
      INSERT INTO foreign_writes SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM foreign_writes);`);
    for (const table of WATCHED) {
      for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
        sqlite.exec(`CREATE TEMP TRIGGER IF NOT EXISTS foreign_${table}_${op.toLowerCase()} AFTER ${op} ON main.${table}
          WHEN (SELECT own FROM temp.exchange_writing) = 0 BEGIN UPDATE temp.foreign_writes SET n = n + 1; SELECT foreign_write_tap(); END`);
      }
    }
    this.raise = sqlite.prepare('UPDATE temp.exchange_writing SET own = 1');
    this.lower = sqlite.prepare('UPDATE temp.exchange_writing SET own = 0');
    this.count = sqlite.prepare('SELECT n FROM temp.foreign_writes');
    this.seen = this.count.get()!.n;
  }

  /** Runs `write` (inside a transaction) as the exchange's own. */
  own<T>(write: () => T): T {
    this.raise.run();
    const result = write();
    this.lower.run();
    return result;
  }

  /** True once since the last call (or `acknowledge`) when someone else changed a watched table. */
  changed(): boolean {
    if (this.taps.n === this.tapsSeen) return false;
    this.tapsSeen = this.taps.n;
    const n = this.count.get()!.n;
    if (n === this.seen) return false;
    this.seen = n;
    return true;
  }

  /** What was written so far is known (the mirrors were just rebuilt from the database). */
  acknowledge(): void {
    this.tapsSeen = this.taps.n;
    this.seen = this.count.get()!.n;
  }
}
