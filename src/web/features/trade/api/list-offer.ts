import type { CommandResult } from '../../../../shared/schemas/trading';
import { FAILED } from '../../../../shared/texts';
import { useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { useTradeFeedback } from './feedback';

export interface ListOfferOptions {
  /** The text shown when the server gave no readable error (docs/screens.md §4 Texts). */
  fallback?: string;
  onDone?: (result: CommandResult) => void;
}

/** List shares for sale at a price (an offer); waiting bids at or above it buy at once. */
export function useListOffer({ fallback = FAILED.postOffer, onDone }: ListOfferOptions = {}) {
  const trpc = useTRPC();
  const feedback = useTradeFeedback();
  return useCommand(
    'trade.listOffer',
    trpc.trade.listOffer.mutationOptions({
      onSuccess: (result) => {
        feedback.done(result);
        feedback.stale('listOffer', result);
        onDone?.(result);
      },
      onError: (error) => feedback.failed(error, fallback),
    }),
  );
}
