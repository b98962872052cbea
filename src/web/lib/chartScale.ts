import type { AutoscaleInfo } from 'lightweight-charts';
import { moneyAxisRange } from './axisFormat';

/** A chart series' own price range, widened and floored as money axes are (axisFormat.ts moneyAxisRange). */
export function floored(info: AutoscaleInfo | null): AutoscaleInfo | null {
  if (!info?.priceRange) return info;
  return { ...info, priceRange: moneyAxisRange(info.priceRange.minValue, info.priceRange.maxValue) };
}
