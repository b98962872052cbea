import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { Ask } from '../../lib/apiTypes';
import { formatInteger } from '../../lib/format';
import { sharesForm } from '../../lib/forms';
import { withoutItem } from '../../lib/pagedList';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useAcceptAsk, useCancelAsk, useDeclineAsk } from '../../features/trade/api';
import { lockedText } from '../../features/trade/texts';
import { PendingButton } from '../PendingButton';
import './trade.css';

interface AskActionsProps {
  ask: Ask;
  /** The shares of the ask's player or team the user could sell now (unlisted, unlocked); null when unknown. */
  sellable: number | null;
  /** Offer Decline (on "Offers For You"). */
  canDecline?: boolean;
  /** The user's holding of the ask's team is locked until then (ISO time): why they cannot sell. */
  lockedUntil?: string | null;
}

/**
 * What a user can do with an ask (a buyer's bid): a holder accepts it for some shares (capped at
 * what the ask wants and what the holder can sell) or declines it; the asker cancels it.
 */
export function AskActions({ ask, sellable, canDecline = false, lockedUntil = null }: AskActionsProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const id = useId();
  const cap = Math.max(0, Math.min(ask.shares_available, sellable ?? ask.shares_available));
  const form = useForm({ resolver: zodResolver(sharesForm), defaultValues: { shares: String(Math.max(1, cap)) } });

  const removeFromList = () => {
    queryClient.setQueriesData({ queryKey: trpc.market.relevantAsks.pathKey() }, (data: unknown) => withoutItem<Ask>(data, (a) => a.askId === ask.askId));
  };
  const accept = useAcceptAsk();
  const decline = useDeclineAsk({ onDone: removeFromList });
  const cancel = useCancelAsk();

  if (!user) return null;
  const own = ask.userId === user.id;
  if (own) {
    return (
      <div className="trade-actions">
        <PendingButton
          className="button button-small button-secondary"
          pending={cancel.pending}
          pendingLabel="Cancelling…"
          onClick={() => cancel.submit({ askId: ask.askId })}
          aria-label={`Cancel your ask for ${formatInteger(ask.shares_available)} ${ask.itemName} shares`}
        >
          Cancel
        </PendingButton>
      </div>
    );
  }

  const onAccept = form.handleSubmit(({ shares }) => {
    if (cap <= 0) return;
    accept.submit({ askId: ask.askId, shares: Math.min(shares, cap) });
  });
  const nothing = cap <= 0;
  const why = lockedUntil ? lockedText(lockedUntil) : nothing ? 'You have no unlisted shares to sell' : `Sell to ${ask.askerUsername} at the asked price`;

  return (
    <div className="trade-actions">
      <form className="inline-form" onSubmit={onAccept}>
        <label htmlFor={id} className="sr-only">
          Shares of {ask.itemName} to sell to {ask.askerUsername}
        </label>
        <input
          id={id}
          className="input-small"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, cap)}
          step={1}
          required
          {...form.register('shares')}
          disabled={nothing}
        />
        <PendingButton type="submit" className="button button-small" pending={accept.pending} pendingLabel="Selling…" disabled={nothing} title={why}>
          Accept
        </PendingButton>
      </form>
      {canDecline ? (
        <PendingButton
          className="button button-small button-secondary"
          pending={decline.pending}
          pendingLabel="Declining…"
          onClick={() => decline.submit({ askId: ask.askId })}
        >
          Decline
        </PendingButton>
      ) : null}
      {lockedUntil ? <p className="trade-note">{lockedText(lockedUntil)}.</p> : null}
    </div>
  );
}
