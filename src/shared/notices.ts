import { formatShares } from './counts.js';
import { formatCents } from './money.js';

/**
 * What a holder of a player who retired is told, in the toast and in the push notification alike
 * (docs/rules.md §7): "Amari Williams retired: 280,000 shares bought back at $1.00".
 */
export function retiredNotice(name: string, shares: number, priceCents: number): string {
  return `${name} retired: ${formatShares(shares)} bought back at ${formatCents(priceCents)}`;
}
