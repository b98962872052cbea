import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FAILED } from '../../../shared/texts';
import type { Ask } from '../../lib/apiTypes';
import { formatInteger } from '../../lib/format';
import { sharesForm } from '../../lib/forms';
import { withoutItem } from '../../lib/pagedList';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useTradeFeedback } from '../../lib/useTradeFeedback';

const DECLINE_ASK_FAILED = 'Decline failed';
const CANCEL_ASK_FAILED = 'Failed to cancel ask';

interface AskActionsProps {
  ask: Ask;
  /** The shares of the ask's player or team the user could sell now (unlisted, unlocked); null when unknown. */
  sellable: number | null;
  /** Offer Decline (on "Offers For You"). */
  canDecline?: boolean;
}

/**
 * What a user can do with an ask (a buyer's bid): a holder accepts it for some shares (capped at
 * what the ask wants and what the holder can sell) or declines it; the asker cancels it.
 */
export function AskActions({ ask, sellable, canDecline = false }: AskActionsProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const feedback = useTradeFeedback();
  const id = useId();
  const cap = Math.max(0, Math.min(ask.shares_available, sellable ?? ask.shares_available));
  const form = useForm({ resolver: zodResolver(sharesForm), defaultValues: { shares: String(Math.max(1, cap)) } });

  const removeFromList = () => {
    queryClient.setQueriesData({ queryKey: trpc.market.relevantAsks.pathKey() }, (data: unknown) => withoutItem<Ask>(data, (a) => a.askId === ask.askId));
  };
  const accept = useMutation(trpc.trading.acceptAsk.mutationOptions(feedback({ fallback: FAILED.acceptAsk })));
  const declinePlayer = useMutation(trpc.trading.declineAsk.mutationOptions(feedback({ fallback: DECLINE_ASK_FAILED, onSuccess: removeFromList })));
  const declineTeam = useMutation(trpc.teamTrading.declineAsk.mutationOptions(feedback({ fallback: DECLINE_ASK_FAILED, onSuccess: removeFromList })));
  const cancel = useMutation(trpc.trading.cancelAsk.mutationOptions(feedback({ fallback: CANCEL_ASK_FAILED })));

  if (!user) return null;
  const own = ask.userId === user.id;
  if (own) {
    return (
      <div className="trade-actions">
        <button
          type="button"
          className="button button-small button-secondary"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate({ askId: ask.askId, userId: user.id })}
          aria-label={`Cancel your ask for ${formatInteger(ask.shares_available)} ${ask.itemName} shares`}
        >
          Cancel
        </button>
      </div>
    );
  }

  const onAccept = form.handleSubmit(({ shares }) => {
    if (cap <= 0) return;
    accept.mutate({ sellerId: user.id, askId: ask.askId, shares: Math.min(shares, cap) });
  });
  const onDecline = () => {
    if (ask.askType === 'team') declineTeam.mutate({ userId: user.id, teamAskId: ask.askId });
    else declinePlayer.mutate({ askId: ask.askId, userId: user.id });
  };
  const nothing = cap <= 0;

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
        <button
          type="submit"
          className="button button-small"
          disabled={nothing || accept.isPending}
          title={nothing ? 'You have no unlisted shares to sell' : `Sell to ${ask.askerUsername} at the asked price`}
        >
          Accept
        </button>
      </form>
      {canDecline ? (
        <button type="button" className="button button-small button-secondary" onClick={onDecline} disabled={declinePlayer.isPending || declineTeam.isPending}>
          Decline
        </button>
      ) : null}
    </div>
  );
}
