import type { InstrumentKind } from '../db/repos/ledger.js';
import { laterTurn } from './later-turn.js';
import type { MarketMemory } from './market-memory.js';
import type { ReadModels } from './read-models/read-models.js';

/** Trades read at a time toward an instrument's mark over the season: about 2 ms at a season's end. */
const MARK_PAGE = 256;

/**
 * Whether an instrument's book holds anything (an open order, or a holder's standing sell): the
 * others are built on their first order, in a few microseconds, and an idle league keeps none.
 */
const inPlay = (models: ReadModels, k: string): boolean =>
  models.orders.asks(k).length > 0 || models.orders.offers(k).length > 0 || models.holdings.holders(k).length > 0;

/**
 * Reads the market state after start-up a page at a time between whatever else the event loop
 * does, then every instrument's mark over time and mark now (one read of its season's trades
 * between users for both, a page at a time) and book (of those in play) the same way. Resolves once all is read,
 * or `halted()` says to stop, or the read models are rebuilt meanwhile; `marksRead` is called
 * once every mark is read (or at the end, whichever comes first).
 */
export function warmUp(memory: MarketMemory, halted: () => boolean, marksRead: () => void = () => undefined): Promise<void> {
  return new Promise<void>((done) => {
    const resolve = () => {
      marksRead();
      done();
    };
    let keys: string[] = [];
    let target: ReadModels | null = null;
    let next = 0;
    /** One slice of at most 4 ms; true once everything is read. */
    const slice = (): boolean => {
      const until = performance.now() + 4;
      if (memory.foreign.changed()) memory.reload();
      while (memory.loader && performance.now() < until) if (memory.loader.step()) memory.install(memory.loader.state);
      if (memory.loader || performance.now() >= until) return false;
      if (target === null) {
        target = memory.models;
        keys = target.instruments.keys();
      }
      if (target !== memory.models) return true;
      // Every instrument's mark over time and now, then every book.
      const total = 2 * keys.length;
      while (next < total && performance.now() < until) {
        const k = keys[next % keys.length]!;
        if (next < keys.length) {
          if (!target.marks.preloadPage(k, MARK_PAGE)) continue;
          if (next === keys.length - 1) marksRead();
        } else if (inPlay(target, k)) {
          const [kind, id] = k.split(':') as [InstrumentKind, string];
          memory.book(kind, Number(id));
        }
        next++;
      }
      return next >= total;
    };
    const step = () => {
      if (halted()) return resolve();
      try {
        if (slice()) return resolve();
      } catch {
        return resolve();
      }
      laterTurn(step);
    };
    laterTurn(step);
  });
}
