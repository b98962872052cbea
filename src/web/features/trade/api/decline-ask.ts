import type { CommandResult } from '../../../../shared/schemas/trading';
import { useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { useTradeFeedback } from './feedback';

export interface DeclineAskOptions {
  /** The text shown when the server gave no readable error (docs/screens.md §4 Texts). */
  fallback?: string;
  onDone?: (result: CommandResult) => void;
}

/** Hide an ask from one's Offers For You. */
export function useDeclineAsk({ fallback = 'Decline failed', onDone }: DeclineAskOptions = {}) {
  const trpc = useTRPC();
  const feedback = useTradeFeedback();
  return useCommand(
    'trade.declineAsk',
    trpc.trade.declineAsk.mutationOptions({
      onSuccess: (result) => {
        feedback.done(result);
        feedback.stale('declineAsk');
        onDone?.(result);
      },
      onError: (error) => feedback.failed(error, fallback),
    }),
  );
}
