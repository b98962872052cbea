/**
 * Price → level number for one side of a book. Prices are whole cents, and one book's prices
 * stay close to each other: a window of WINDOW cents, placed around the first price seen, finds a
 * level with one array read. Prices outside the window, or not whole (a snapshot may hold any
 * number), go to an IdIndex; the window moves to a new price only when it holds no level. The
 * window is made with the first level: most sides of most books never hold one (a league's idle
 * books would otherwise take 16 KB a side).
 */
import { ABSENT, IdIndex } from './id-index.js';

const WINDOW = 4096;

export class LevelIndex {
  /** The price of the window's first cent; NaN until a level is placed. */
  private base = Number.NaN;
  private window: Int32Array | null = null;
  private inWindow = 0;
  private readonly outside = new IdIndex();

  /** The level at `price`, or ABSENT. */
  get(price: number): number {
    const t = price - this.base;
    if (this.window && t >= 0 && t < WINDOW && t === (t | 0)) {
      const level = this.window[t]!;
      if (level !== ABSENT || this.outside.size === 0) return level;
    }
    return this.outside.get(price);
  }

  /** Records a new level at `price` (there is none yet). */
  add(price: number, level: number): void {
    if (this.inWindow === 0 && price === Math.floor(price)) this.base = price - WINDOW / 2;
    const t = price - this.base;
    if (t >= 0 && t < WINDOW && t === (t | 0)) {
      this.window ??= new Int32Array(WINDOW).fill(ABSENT);
      this.window[t] = level;
      this.inWindow++;
    } else {
      this.outside.set(price, level);
    }
  }

  /** Forgets `level`, at `price`. */
  remove(price: number, level: number): void {
    const t = price - this.base;
    if (this.window && t >= 0 && t < WINDOW && t === (t | 0) && this.window[t] === level) {
      this.window[t] = ABSENT;
      this.inWindow--;
    } else {
      this.outside.delete(price);
    }
  }
}
