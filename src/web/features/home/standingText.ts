import { formatDollars } from '../../lib/format';

/** "1st", "2nd", "3rd", "11th". */
export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${s}`;
}

/** "$1.2M", "$350K", "$12.50": a gap in a few characters. */
export function shortDollars(dollars: number): string {
  const abs = Math.abs(dollars);
  const sign = dollars < 0 ? '−' : '';
  if (abs >= 1_000_000_000) return `${sign}$${(abs / 1_000_000_000).toFixed(1).replace(/\.0$/, '')}B`;
  if (abs >= 1_000_000) return `${sign}$${(abs / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (abs >= 10_000) return `${sign}$${Math.round(abs / 1_000)}K`;
  return `${sign}${formatDollars(abs)}`;
}

/** The home's line about the member's place: "2nd of 14, $1.2M behind the leader", "1st of 14, $350K ahead of bob". */
export function standingLine(s: {
  rank: number;
  tied: boolean;
  of: number;
  leader: { gap: number; username: string } | null;
  below: { gap: number; username: string } | null;
}): string {
  const place = `${s.tied ? 'Tied for ' : ''}${ordinal(s.rank)} of ${s.of}`;
  if (s.leader && s.leader.gap > 0) return `${place}, ${shortDollars(s.leader.gap)} behind the leader`;
  if (s.rank === 1 && s.below && s.below.gap < 0) return `${place}, ${shortDollars(-s.below.gap)} ahead of ${s.below.username}`;
  return place;
}
