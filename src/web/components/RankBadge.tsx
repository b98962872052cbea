import './rank.css';
import { placeLabel } from '../../shared/ranking';

const MEDALS: Record<number, { className: string; label: string }> = {
  1: { className: 'rank-gold', label: 'gold' },
  2: { className: 'rank-silver', label: 'silver' },
  3: { className: 'rank-bronze', label: 'bronze' },
};

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** A place on a leaderboard: "3", or "T-2" when it is shared; medals for the first three places. */
export function RankBadge({ rank, tied }: { rank: number; tied: boolean }) {
  const medal = MEDALS[rank];
  const spoken = `${tied ? 'tied for ' : ''}${ordinal(rank)} place${medal ? `, ${medal.label}` : ''}`;
  return (
    <span className={`rank${medal ? ` rank-medal ${medal.className}` : ''}${tied ? ' rank-tied' : ''}`} title={spoken}>
      <span aria-hidden="true">{placeLabel(rank, tied)}</span>
      <span className="sr-only">{spoken}</span>
    </span>
  );
}
