import type { InstrumentKind } from '../../shared/instrument.js';

/** A holding as the season closed: valued at the last trade price, or at cost when it never traded between users. */
export interface FinalHolding {
  userId: number;
  kind: InstrumentKind;
  id: number;
  name: string;
  shares: number;
  priceCents: number | null;
  valueCents: number;
}

export interface FinalMember {
  userId: number;
  username: string;
  cashCents: number;
}

export interface Standing extends FinalMember {
  rank: number;
  shareValueCents: number;
  totalCents: number;
  holdings: Omit<FinalHolding, 'userId'>[];
}

/**
 * The final standings (docs/rules.md: the leaderboard ranks by share value, ties by the older
 * account): every member ranked, each with cash, share value, total and holdings, largest first.
 */
export function rankStandings(members: readonly FinalMember[], holdings: readonly FinalHolding[]): Standing[] {
  const byUser = new Map<number, Omit<FinalHolding, 'userId'>[]>();
  for (const { userId, ...h } of holdings) byUser.set(userId, [...(byUser.get(userId) ?? []), h]);
  return members
    .map((m) => {
      const held = [...(byUser.get(m.userId) ?? [])].sort((a, b) => b.valueCents - a.valueCents || a.name.localeCompare(b.name));
      const shareValueCents = held.reduce((sum, h) => sum + h.valueCents, 0);
      return { ...m, shareValueCents, totalCents: m.cashCents + shareValueCents, holdings: held };
    })
    .sort((a, b) => b.shareValueCents - a.shareValueCents || a.userId - b.userId)
    .map((s, i) => ({ ...s, rank: i + 1 }));
}
