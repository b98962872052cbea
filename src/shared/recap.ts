import type { InstrumentKind } from './instrument.js';

/** The facts of a season's awards, read as it closes (docs/seasons.md, "Recap"). Money in cents, values at the marks. */
export interface RecapFacts {
  /** The purchase of the season that gained its buyer the most by the close: shares × (mark at the close − price paid). */
  bestTrade: {
    userId: number;
    username: string;
    kind: InstrumentKind;
    id: number;
    name: string;
    shares: number;
    priceCents: number;
    /** The instrument's mark at the close. */
    closeCents: number;
    at: number;
  } | null;
  /** The member with the most trades of the season (as buyer or seller). */
  mostActive: { userId: number; username: string; trades: number } | null;
  /** The holding in profit at the close (valued at its mark) held longest (since its first purchase of the season). */
  longestHeld: {
    userId: number;
    username: string;
    kind: InstrumentKind;
    id: number;
    name: string;
    since: number;
    costCents: number;
    valueCents: number;
  } | null;
}

/** A season's champions and awards as archived (domain/seasons/recap.ts makes it). Money in cents. */
export interface SeasonRecap {
  /** Every member in first place by the league's rule: a tie names every co-winner. */
  champions: { userId: number; username: string; totalCents: number; shareValueCents: number }[];
  bestReturn: { userId: number; username: string; totalCents: number; startingCashCents: number; returnPct: number } | null;
  bestTrade: (NonNullable<RecapFacts['bestTrade']> & { profitCents: number }) | null;
  mostActive: RecapFacts['mostActive'];
  longestHeld: (NonNullable<RecapFacts['longestHeld']> & { days: number; gainPct: number }) | null;
}

/** How long the longest-held winner was held, in words: "less than a day", "1 day", "1,204 days". */
export function heldFor(days: number): string {
  if (days < 1) return 'less than a day';
  return days === 1 ? '1 day' : `${days.toLocaleString('en-US')} days`;
}
