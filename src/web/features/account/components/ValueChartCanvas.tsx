import { AreaSeries, ColorType, createChart, type AutoscaleInfo, type UTCTimestamp } from 'lightweight-charts';
import { floored } from '../../../lib/chartScale';
import { useEffect, useRef } from 'react';
import { useTheme } from '../../../theme/ThemeProvider';
import { formatMoneyTicks, timeAxisFor } from '../../../lib/axisFormat';
import { formatDollars } from '../../../lib/format';

export interface ChartPoint {
  /** Seconds since the epoch. */
  time: number;
  value: number;
}

/** `#rrggbb` (or `#rgb`) with an alpha, as the chart library wants it. */
function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** An area chart of value over time, in the theme's accent colour. Loaded on demand (lightweight-charts). */
export default function ValueChartCanvas({ points }: { points: readonly ChartPoint[] }) {
  const container = useRef<HTMLDivElement>(null);
  const { theme, mode } = useTheme();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const accent = cssVar('--team-accent', '#00653a');
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: cssVar('--muted', '#56616e'),
        fontFamily: cssVar('--font', 'system-ui, sans-serif'),
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: cssVar('--border', '#dbe1e8') } },
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.15, bottom: 0.08 } },
      timeScale: { borderVisible: false, ...timeAxisFor(points.map((p) => p.time)) },
      // The axis labels carry the precision of their range; the crosshair shows the exact value.
      localization: { priceFormatter: formatDollars, tickmarksPriceFormatter: (prices: number[]) => formatMoneyTicks(prices) },
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(AreaSeries, {
      lineColor: accent,
      lineWidth: 2,
      topColor: withAlpha(accent, 0.35),
      bottomColor: withAlpha(accent, 0.03),
      priceLineVisible: false,
      // A flat line gets room around it; the axis never goes below $0.
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => floored(original()),
    });
    series.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, theme, mode]);

  return <div ref={container} className="value-chart-canvas" role="img" aria-label="Chart of the portfolio’s total value over time" />;
}
