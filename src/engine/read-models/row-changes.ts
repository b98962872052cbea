import { INSTRUMENT_KINDS, type InstrumentKind } from '../../shared/instrument.js';
import { keyOf } from './instruments.js';

/** How many changes the log keeps before it forgets its older half. */
const LOG_LIMIT = 4_096;

/**
 * Which instruments' rows changed at which version of the read models: for an answer made of one
 * row per instrument (the players list, the glance), built at a version and then built again only
 * where rows changed since. Asked per instrument (`changedSince`), or as the list of those changed
 * since a version (`listSince`), which costs what changed rather than what is listed.
 */
export class RowChanges {
  private readonly at: Record<InstrumentKind, Map<number, number>> = { player: new Map(), team: new Map() };
  private allAt = 0;
  private anyAt = 0;
  /** The changes in the order they came (versions never go down); the versions after `floor` are all here. */
  private log: { version: number; kind: InstrumentKind; id: number }[] = [];
  private floor = 0;

  /** The instrument's row changed at `version`. */
  one(kind: InstrumentKind, id: number, version: number): void {
    this.at[kind].set(id, version);
    this.anyAt = version;
    this.log.push({ version, kind, id });
    if (this.log.length > LOG_LIMIT) {
      const dropped = this.log.splice(0, LOG_LIMIT / 2);
      this.floor = dropped[dropped.length - 1]!.version;
    }
  }

  /** Every instrument's row changed at `version`. */
  all(version: number): void {
    this.allAt = version;
    this.anyAt = version;
    for (const kind of INSTRUMENT_KINDS) this.at[kind].clear();
    this.log = [];
    this.floor = version;
  }

  changedSince(kind: InstrumentKind, id: number, version: number): boolean {
    return this.allAt > version || (this.at[kind].get(id) ?? 0) > version;
  }

  anySince(version: number): boolean {
    return this.anyAt > version;
  }

  /**
   * The instruments whose rows changed since `version`, each once, in the order of their latest
   * change; null when that is not known row by row (every row changed since, or the log no longer
   * reaches back that far): then any row may have changed.
   */
  listSince(version: number): { kind: InstrumentKind; id: number }[] | null {
    if (version < this.floor) return null;
    let lo = 0;
    let hi = this.log.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.log[mid]!.version > version) hi = mid;
      else lo = mid + 1;
    }
    const seen = new Set<string>();
    const changed: { kind: InstrumentKind; id: number }[] = [];
    for (let i = this.log.length - 1; i >= lo; i--) {
      const c = this.log[i]!;
      const key = keyOf(c.kind, c.id);
      if (seen.has(key)) continue;
      seen.add(key);
      changed.push({ kind: c.kind, id: c.id });
    }
    return changed.reverse();
  }
}
