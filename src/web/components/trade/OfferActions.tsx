import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { Offer } from '../../lib/apiTypes';
import { formatInteger } from '../../lib/format';
import { sharesForm } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { useAcceptOffer, useCancelOffer } from '../../features/trade/api';
import { PendingButton } from '../PendingButton';
import './trade.css';

export const OWN_OFFER_TITLE = 'This is your own offer: you cannot buy it. Cancel it instead.';

/**
 * Buy (all of an offer by default, or fewer shares) and, for the seller, Cancel. Buying one's
 * own offer is not possible: the Buy button is disabled and says why.
 */
export function OfferActions({ offer }: { offer: Offer }) {
  const { user } = useSession();
  const id = useId();
  const form = useForm({ resolver: zodResolver(sharesForm), defaultValues: { shares: String(offer.shares_offered) } });
  const accept = useAcceptOffer();
  const cancel = useCancelOffer();
  const own = user?.id === offer.sellerId;
  const onBuy = form.handleSubmit(({ shares }) => {
    if (!user || own) return;
    accept.submit({ offerId: offer.offerId, ...(shares === offer.shares_offered ? {} : { shares: Math.min(shares, offer.shares_offered) }) });
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
          <PendingButton type="submit" className="button button-small" pending={accept.pending} pendingLabel="Buying…" disabled={!user} title={title}>
            Buy
          </PendingButton>
        </form>
      )}
      {own ? (
        <>
          <button type="button" className="button button-small" disabled title={OWN_OFFER_TITLE} aria-label={`Buy ${offer.playerName} (your own offer)`}>
            Buy
          </button>
          <PendingButton
            className="button button-small button-secondary"
            pending={cancel.pending}
            pendingLabel="Cancelling…"
            onClick={() => cancel.submit({ offerId: offer.offerId })}
            aria-label={`Cancel your offer of ${formatInteger(offer.shares_offered)} ${offer.playerName} shares`}
          >
            Cancel
          </PendingButton>
        </>
      ) : null}
    </div>
  );
}
