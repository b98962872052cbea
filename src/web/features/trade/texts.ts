import { formatCents } from '../../../shared/money';
import type { CommandResult } from '../../../shared/schemas/trading';
import { formatShortDate } from '../../lib/time';

/** Why team shares cannot be sold now (docs/rules.md "Teams": a week's lock after each purchase). */
export function lockedText(lockedUntil: string): string {
  return `Locked until ${formatShortDate(lockedUntil)}: team shares can't be sold for 7 days after a purchase`;
}

/**
 * What a purchase toast adds (docs/screens.md §4 Texts: purchase toasts advise the minimum sale
 * price in the portfolio): the minimum sell price is already on, at what price, and why that price.
 */
export function minPriceOnText(result: Pick<CommandResult, 'holding' | 'instrument'>): string | null {
  const h = result.holding;
  if (!h) return null;
  const price = formatCents(h.minSellPriceCents);
  const why = !h.minSellIsDefault ? 'the price you set' : result.instrument.kind === 'team' ? 'the default for team shares' : '10% over your average buy price';
  return `Your minimum sell price of ${price} (${why}) is already on: your shares sell automatically to any bid at or above it. Change it in your portfolio.`;
}
