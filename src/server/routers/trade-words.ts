import type { ExchangeOutcome } from '../../engine/commands.js';
import { formatShares } from '../../shared/counts.js';
import { DUMP_PRICE_CENTS, formatCents } from '../../shared/money.js';
import { TOAST } from '../../shared/texts.js';

/**
 * What each trade command's answer says (docs/screens.md §4 Texts): SPEC's texts word for word where
 * it gives them, with every number formatted and the player or team named; `detail` adds the
 * figures where SPEC's text has none.
 */
export interface Words {
  message: string;
  detail: string | null;
}

/** What the sender paid (or was paid) over their fills as buyer (or seller). */
const total = (out: ExchangeOutcome, side: 'buyerId' | 'sellerId', userId: number) =>
  out.fills.filter((f) => f[side] === userId).reduce((sum, f) => sum + f.shares * f.priceCents, 0);

const restingAsk = (out: ExchangeOutcome): string =>
  out.ask
    ? `Your ask for ${formatShares(out.ask.shares)} of ${out.name} at ${formatCents(out.ask.priceCents)} waits for sellers; ` +
      `${formatCents(out.ask.shares * out.ask.priceCents)} of your cash is held until it fills or you cancel it.`
    : '';

export const TRADE_WORDS = {
  bought(out: ExchangeOutcome, userId: number): Words {
    if (out.bought === 0) return { message: TOAST.askPosted, detail: restingAsk(out) || null };
    const rest = out.ask ? ' and posted an ask for the rest' : '';
    return {
      message: `Purchased ${formatShares(out.bought)} of ${out.name} for ${formatCents(total(out, 'buyerId', userId))}${rest}`,
      detail: restingAsk(out) || null,
    };
  },
  listed(out: ExchangeOutcome, userId: number): Words {
    const listing = out.offer ? `${formatShares(out.offer.shares)} of ${out.name} listed at ${formatCents(out.offer.priceCents)} a share.` : null;
    if (out.sold === 0) return { message: TOAST.offerPosted, detail: listing };
    const rest = out.offer ? ' and posted an offer for the rest' : '';
    return {
      message: `Sold ${formatShares(out.sold)} of ${out.name} for ${formatCents(total(out, 'sellerId', userId))} to waiting bids${rest}`,
      detail: listing,
    };
  },
  dumped(out: ExchangeOutcome): Words {
    return {
      message: out.instrument.kind === 'team' ? TOAST.teamSharesDumped : TOAST.sharesDumped,
      detail: `${formatShares(out.sold)} of ${out.name} sold to the open market at ${formatCents(DUMP_PRICE_CENTS)} each: ${formatCents(out.sold * DUMP_PRICE_CENTS)}.`,
    };
  },
  askAccepted(out: ExchangeOutcome, userId: number): Words {
    return { message: TOAST.askAccepted, detail: `Sold ${formatShares(out.sold)} of ${out.name} for ${formatCents(total(out, 'sellerId', userId))}.` };
  },
  offerAccepted(out: ExchangeOutcome, userId: number): Words {
    return { message: TOAST.offerAccepted, detail: `Bought ${formatShares(out.bought)} of ${out.name} for ${formatCents(total(out, 'buyerId', userId))}.` };
  },
  askCancelled(out: ExchangeOutcome): Words {
    return { message: TOAST.askCancelled, detail: `Your ask on ${out.name} is gone and its cash is back in your balance.` };
  },
  offerCancelled(out: ExchangeOutcome): Words {
    return { message: TOAST.offerCancelled, detail: `Your ${out.name} shares are no longer listed.` };
  },
  askDeclined(out: ExchangeOutcome): Words {
    return { message: TOAST.askDeclined, detail: `The ask on ${out.name} no longer shows in your Offers For You.` };
  },
  minSellPriceSet(out: ExchangeOutcome, userId: number): Words {
    const price = out.holding ? formatCents(out.holding.minSellPriceCents) : null;
    const standing = price ? `Your unlisted ${out.name} shares sell automatically to any bid at or above ${price}.` : null;
    if (out.sold === 0) return { message: TOAST.minSellPriceUpdated, detail: standing };
    return {
      message: `Min sell price updated; sold ${formatShares(out.sold)} of ${out.name} for ${formatCents(total(out, 'sellerId', userId))} to waiting bids`,
      detail: standing,
    };
  },
} satisfies Record<string, (out: ExchangeOutcome, userId: number) => Words>;
