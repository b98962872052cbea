import { memo } from 'react';
import { formatCents } from '../../../../shared/money';
import './Sparkline.css';

const WIDTH = 60;
const HEIGHT = 18;
const PAD = 2;

/** The points of a polyline drawing `values` in the box, the lowest at the bottom; a flat line in the middle. */
export function sparkPoints(values: readonly number[], width = WIDTH, height = HEIGHT): string {
  if (values.length === 0) return '';
  const low = Math.min(...values);
  const high = Math.max(...values);
  const step = values.length > 1 ? (width - 2 * PAD) / (values.length - 1) : 0;
  const y = (v: number) => (high === low ? height / 2 : PAD + ((high - v) * (height - 2 * PAD)) / (high - low));
  return values.map((v, i) => `${(PAD + i * step).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
}

/** Whether a move reads as up, down or flat. */
export function toneOf(first: number, last: number): 'gain' | 'loss' | 'flat' {
  return last > first ? 'gain' : last < first ? 'loss' : 'flat';
}

/** A week of the mark as a small line (cents, oldest first; none: flat at `markCents`), coloured by the week's move; its words are in its label. */
export const Sparkline = memo(function Sparkline({ cents: week, markCents, name }: { cents: readonly number[]; markCents: number; name: string }) {
  // No points: the mark did not move all week.
  const cents = week.length > 0 ? week : [markCents, markCents];
  const first = cents[0]!;
  const last = cents[cents.length - 1]!;
  const tone = toneOf(first, last);
  const label = `${name}, last 7 days: ${first === last && Math.min(...cents) === Math.max(...cents) ? `steady at ${formatCents(last)}` : `from ${formatCents(first)} to ${formatCents(last)}`}`;
  return (
    <svg
      className={`sparkline sparkline-${tone}`}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="sparkline"
    >
      <polyline points={sparkPoints(cents)} fill="none" strokeWidth="1.75" vectorEffect="non-scaling-stroke" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
});
