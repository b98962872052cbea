import type { CommandResult } from '../../../../shared/schemas/trading';
import { FAILED } from '../../../../shared/texts';
import { useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { useTradeFeedback } from './feedback';

export interface AcceptOfferOptions {
  /** The text shown when the server gave no readable error (docs/screens.md §4 Texts). */
  fallback?: string;
  onDone?: (result: CommandResult) => void;
}

/** Buy all of an offer, or some of its shares, at its price: a purchase, whose toast says the minimum sell price is already on. */
export function useAcceptOffer({ fallback = FAILED.acceptOffer, onDone }: AcceptOfferOptions = {}) {
  const trpc = useTRPC();
  const feedback = useTradeFeedback();
  return useCommand(
    'trade.acceptOffer',
    trpc.trade.acceptOffer.mutationOptions({
      onSuccess: (result) => {
        feedback.bought(result);
        feedback.stale('acceptOffer');
        onDone?.(result);
      },
      onError: (error) => feedback.failed(error, fallback),
    }),
  );
}
