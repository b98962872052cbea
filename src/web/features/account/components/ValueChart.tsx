import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { formatDollars, formatInteger } from '../../../lib/format';
import { formatDateTime } from '../../../lib/time';
import { useTRPC } from '../../../lib/trpc';
import { QueryState } from '../../../components/QueryState';
import type { ChartPoint } from './ValueChartCanvas';
import './ValueChart.css';

// The chart library loads only when a chart is shown, in its own chunk.
const ValueChartCanvas = lazy(() => import('./ValueChartCanvas'));

/**
 * Points for the chart: seconds since the epoch, strictly rising (the library wants that); of
 * several points in one second the last one counts.
 */
export function toChartPoints(points: readonly { at: string; totalValue: number }[]): ChartPoint[] {
  const out: ChartPoint[] = [];
  for (const p of points) {
    const time = Math.floor(Date.parse(p.at) / 1000);
    if (!Number.isFinite(time)) continue;
    const last = out[out.length - 1];
    if (last && time <= last.time) last.value = p.totalValue;
    else out.push({ time, value: p.totalValue });
  }
  return out;
}

/** The portfolio's value over time (portfolio.history) as a chart, with a text summary for screen readers. */
export function ValueChart({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.portfolio.history.queryOptions({ userId }));
  const points = useMemo(() => (history.data ? toChartPoints(history.data.points) : []), [history.data]);

  return (
    <QueryState query={history} loading="Loading the chart…" failed="Failed to load the chart">
      {(data) => <ValueFigure points={points} history={data.points} />}
    </QueryState>
  );
}

function ValueFigure({ points, history }: { points: ChartPoint[]; history: readonly { at: string; totalValue: number }[] }) {
  const first = history[0];
  const last = history[history.length - 1];
  return (
    <figure className="value-chart">
      <Suspense fallback={<div className="value-chart-canvas" aria-hidden="true" />}>
        <ValueChartCanvas points={points} />
      </Suspense>
      {first && last ? (
        <figcaption className="value-chart-caption">
          From {formatDollars(first.totalValue)} on {formatDateTime(first.at)} to {formatDollars(last.totalValue)} now
          {history.length > 2 ? `, over ${formatInteger(history.length - 1)} changes` : ''}.
        </figcaption>
      ) : null}
    </figure>
  );
}
