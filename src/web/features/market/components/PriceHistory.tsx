import { lazy, Suspense, useMemo } from 'react';
import type { Trade } from '../../../lib/apiTypes';
import { pricePoints } from '../../../lib/chartData';
import { formatDollars } from '../../../lib/format';
import { Loading } from '../../../components/Spinner';
import './PriceHistory.css';

// The chart library is only downloaded when a chart is shown.
const PriceChart = lazy(() => import('./PriceChart'));

/** The price history section of a player or team page, from its latest trades. */
export function PriceHistory({ trades, name }: { trades: readonly Trade[]; name: string }) {
  const points = useMemo(() => pricePoints(trades), [trades]);
  if (points.length === 0) {
    return <p className="muted">No trades between fans yet: the chart starts with the first one (open-market buys at $1.00 do not count).</p>;
  }
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const label = `Price of ${name} over its last ${points.length} trading moments, from ${formatDollars(first.price)} to ${formatDollars(last.price)}`;
  return (
    <div className="chart-card">
      <Suspense fallback={<Loading label="Loading the chart…" />}>
        <PriceChart points={points} label={label} />
      </Suspense>
      <p className="muted small">Price of trades between fans (line) and shares traded (bars).</p>
    </div>
  );
}
