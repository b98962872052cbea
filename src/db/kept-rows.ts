import type Database from 'better-sqlite3';

/** A kept lookup forgets everything past this many keys (a server with more accounts reads the rest). */
const MAX_KEPT = 20_000;

/**
 * Whether anything may have been written to a connection's database since it was last asked:
 * on the connection itself (`total_changes()`, which counts every row any statement changed, a
 * trigger's or a foreign key's cascade included, and costs no read of the file), or by another
 * connection or process, such as the admin command line (`PRAGMA data_version`, a read of the
 * file, looked at once per synchronous run of code: a call's lookups share one).
 */
class WriteWatch {
  private readonly totalChanges: Database.Statement<[], number>;
  private readonly dataVersion: Database.Statement<[], number>;
  private changes = -1;
  private version = -1;
  private versionLooked = false;
  /** Moves whenever a write was seen. */
  generation = 0;

  constructor(c: Database.Database) {
    this.totalChanges = c.prepare<[], number>('SELECT total_changes()').pluck();
    this.dataVersion = c.prepare<[], number>('PRAGMA data_version').pluck();
  }

  current(): number {
    const changes = this.totalChanges.get()!;
    if (!this.versionLooked) {
      this.versionLooked = true;
      queueMicrotask(() => (this.versionLooked = false));
      const version = this.dataVersion.get()!;
      if (version !== this.version) {
        this.version = version;
        this.generation++;
      }
    }
    if (changes !== this.changes) {
      this.changes = changes;
      this.generation++;
    }
    return this.generation;
  }
}

const watches = new WeakMap<Database.Database, WriteWatch>();

/**
 * A lookup by key whose answers are kept in memory until anything is written to the database
 * (`WriteWatch`): the rows every call reads (its session, its user, its memberships) cost a map's
 * look-up instead of a statement while nothing changes. Answers read inside a transaction, which
 * might yet roll back, are not kept; nor is `undefined` (an unknown key is read again). Kept
 * answers are shared: they must not be changed (objects are frozen).
 */
export function keptLookup<K, V>(c: Database.Database, read: (key: K) => V | undefined): (key: K) => V | undefined {
  let watch = watches.get(c);
  if (!watch) watches.set(c, (watch = new WriteWatch(c)));
  const seen = watch;
  const kept = new Map<K, V>();
  let generation = -1;
  return (key) => {
    const now = seen.current();
    if (now !== generation || kept.size >= MAX_KEPT) {
      kept.clear();
      generation = now;
    }
    if (kept.has(key)) return kept.get(key);
    const answer = read(key);
    if (answer !== undefined && !c.inTransaction) kept.set(key, typeof answer === 'object' && answer !== null ? Object.freeze(answer) : answer);
    return answer;
  };
}
