/**
 * Labels for a chart's money axis with the precision its range needs: "$80M" when the ticks are
 * millions apart, "$80.002M" when they are thousands apart, whole dollars (then cents) when even
 * thousandths of a million would not tell two ticks apart.
 */

const UNITS = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** Decimals a compact label may carry before whole dollars read better. */
const MAX_COMPACT_DECIMALS = 3;

/** The fewest decimals (up to `max`) that write every value exactly in units of `size`, or null. */
function decimalsFor(values: readonly number[], size: number, max: number): number | null {
  for (let d = 0; d <= max; d += 1) {
    const scale = 10 ** d;
    if (values.every((v) => Math.abs((v / size) * scale - Math.round((v / size) * scale)) < 1e-6)) return d;
  }
  return null;
}

function fixed(value: number, decimals: number): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** The labels of one set of axis ticks (all formatted alike, so they line up). */
export function formatMoneyTicks(values: readonly number[]): string[] {
  if (values.length === 0) return [];
  const largest = Math.max(...values.map(Math.abs));
  const unit = UNITS.find((u) => largest >= u.size);
  const d = unit ? decimalsFor(values, unit.size, MAX_COMPACT_DECIMALS) : null;
  if (unit && d !== null) return values.map((v) => `${v < 0 ? '−' : ''}$${fixed(Math.abs(v) / unit.size, d)}${unit.suffix}`);
  const cents = (decimalsFor(values, 1, 2) ?? 2) > 0;
  return values.map((v) => `${v < 0 ? '−' : ''}$${fixed(Math.abs(v), cents ? 2 : 0)}`);
}
