/** Seeded, so every run sends the same order stream. */
export { mulberry32 as rng } from '../../src/shared/random.js';

/** An integer in [lo, hi]. */
export const between = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
