import { createChart, HistogramSeries, LineSeries, type AutoscaleInfo, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { formatMoneyTicks, timeAxisFor } from '../../../lib/axisFormat';
import { floored } from '../../../lib/chartScale';
import { useEffect, useRef } from 'react';
import type { PricePoint } from '../../../lib/chartData';
import { formatDollars } from '../../../lib/format';
import { useTheme } from '../../../theme/ThemeProvider';

/** Reads a colour of the team theme (CSS variables on :root). */
function themeColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

interface Chart {
  chart: IChartApi;
  price: ISeriesApi<'Line'>;
  volume: ISeriesApi<'Histogram'>;
}

/**
 * The price history chart (lightweight-charts): the price of user-to-user trades over time as a
 * line, with the traded volume as a histogram below. Loaded on demand (PriceHistory), so pages
 * without a chart never download the chart library. The chart is made once; live updates only
 * replace its data, so it does not flicker.
 */
export default function PriceChart({ points, label }: { points: readonly PricePoint[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<Chart | null>(null);
  const { theme, mode } = useTheme();

  // Made again when the theme or mode changes: the library takes colours, not CSS variables.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const accent = themeColor('--team-accent', '#00653a');
    const muted = themeColor('--muted', '#56616e');
    const border = themeColor('--border', '#dbe1e8');
    const chart = createChart(el, {
      autoSize: true,
      layout: { background: { color: 'transparent' }, textColor: muted, attributionLogo: false },
      grid: { vertLines: { color: border }, horzLines: { color: border } },
      rightPriceScale: { borderColor: border, scaleMargins: { top: 0.1, bottom: 0.3 } },
      timeScale: { borderColor: border, timeVisible: true, secondsVisible: false },
      // The axis labels carry the precision of their range; the crosshair shows the exact price.
      localization: { priceFormatter: (p: number) => formatDollars(p), tickmarksPriceFormatter: (prices: number[]) => formatMoneyTicks(prices) },
      handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
      handleScale: { mouseWheel: false, pinch: true },
    });
    const price = chart.addSeries(LineSeries, {
      color: accent,
      lineWidth: 2,
      title: 'Price',
      priceLineVisible: false,
      // A flat price gets room around it; the axis never goes below $0.
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => floored(original()),
    });
    const volume = chart.addSeries(HistogramSeries, {
      color: `${muted}66`,
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.75, bottom: 0 } });
    chartRef.current = { chart, price, volume };
    return () => {
      chartRef.current = null;
      chart.remove();
    };
  }, [theme, mode]);

  useEffect(() => {
    const current = chartRef.current;
    if (!current) return;
    current.price.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.price })));
    current.volume.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.volume })));
    current.chart.applyOptions({ timeScale: timeAxisFor(points.map((p) => p.time)) });
    current.chart.timeScale().fitContent();
  }, [points, theme, mode]);

  return <div ref={container} className="price-chart" role="img" aria-label={label} />;
}
