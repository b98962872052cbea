import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FAILED } from '../../../shared/texts';
import type { Offer } from '../../lib/apiTypes';
import { formatInteger } from '../../lib/format';
import { sharesForm } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useTradeFeedback } from '../../lib/useTradeFeedback';

export const OWN_OFFER_TITLE = 'This is your own offer: you cannot buy it. Cancel it instead.';

/**
 * Buy (all of an offer by default, or fewer shares) and, for the seller, Cancel. Buying one's
 * own offer is not possible: the Buy button is disabled and says why.
 */
export function OfferActions({ offer }: { offer: Offer }) {
  const trpc = useTRPC();
  const { user } = useSession();
  const feedback = useTradeFeedback();
  const id = useId();
  const form = useForm({ resolver: zodResolver(sharesForm), defaultValues: { shares: String(offer.shares_offered) } });
  const accept = useMutation(trpc.trading.acceptOffer.mutationOptions(feedback({ fallback: FAILED.acceptOffer, purchase: true })));
  const cancel = useMutation(trpc.trading.cancelOffer.mutationOptions(feedback({ fallback: FAILED.cancelOffer })));
  const own = user?.id === offer.sellerId;
  const onBuy = form.handleSubmit(({ shares }) => {
    if (!user || own) return;
    accept.mutate({ buyerId: user.id, offerId: offer.offerId, ...(shares === offer.shares_offered ? {} : { shares: Math.min(shares, offer.shares_offered) }) });
  });

  const title = !user ? 'Log in to buy' : own ? OWN_OFFER_TITLE : `Buy ${offer.playerName} from ${offer.sellerUsername}`;
  return (
    <div className="trade-actions">
      {own ? null : (
        <form className="inline-form" onSubmit={onBuy}>
          <label htmlFor={id} className="sr-only">
            Shares of {offer.playerName} to buy from {offer.sellerUsername}
          </label>
          <input
            id={id}
            className="input-small"
            type="number"
            inputMode="numeric"
            min={1}
            max={offer.shares_offered}
            step={1}
            required
            {...form.register('shares')}
            disabled={!user}
          />
          <button type="submit" className="button button-small" disabled={!user || accept.isPending} title={title}>
            Buy
          </button>
        </form>
      )}
      {own ? (
        <>
          <button type="button" className="button button-small" disabled title={OWN_OFFER_TITLE} aria-label={`Buy ${offer.playerName} (your own offer)`}>
            Buy
          </button>
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={cancel.isPending}
            onClick={() => user && cancel.mutate({ offerId: offer.offerId, userId: user.id })}
            aria-label={`Cancel your offer of ${formatInteger(offer.shares_offered)} ${offer.playerName} shares`}
          >
            Cancel
          </button>
        </>
      ) : null}
    </div>
  );
}
