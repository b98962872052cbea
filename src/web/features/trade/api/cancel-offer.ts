import type { CommandResult } from '../../../../shared/schemas/trading';
import { FAILED } from '../../../../shared/texts';
import { useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { useTradeFeedback } from './feedback';

export interface CancelOfferOptions {
  /** The text shown when the server gave no readable error (docs/screens.md §4 Texts). */
  fallback?: string;
  onDone?: (result: CommandResult) => void;
}

/** Cancel one's own offer: its shares are no longer listed. */
export function useCancelOffer({ fallback = FAILED.cancelOffer, onDone }: CancelOfferOptions = {}) {
  const trpc = useTRPC();
  const feedback = useTradeFeedback();
  return useCommand(
    'trade.cancelOffer',
    trpc.trade.cancelOffer.mutationOptions({
      onSuccess: (result) => {
        feedback.done(result);
        feedback.stale('cancelOffer');
        onDone?.(result);
      },
      onError: (error) => feedback.failed(error, fallback),
    }),
  );
}
