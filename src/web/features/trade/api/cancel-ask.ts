import type { CommandResult } from '../../../../shared/schemas/trading';
import { useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { useTradeFeedback } from './feedback';

export interface CancelAskOptions {
  /** The text shown when the server gave no readable error (docs/screens.md §4 Texts). */
  fallback?: string;
  onDone?: (result: CommandResult) => void;
}

/** Cancel one's own ask: its cash comes back. */
export function useCancelAsk({ fallback = 'Failed to cancel ask', onDone }: CancelAskOptions = {}) {
  const trpc = useTRPC();
  const feedback = useTradeFeedback();
  return useCommand(
    'trade.cancelAsk',
    trpc.trade.cancelAsk.mutationOptions({
      onSuccess: (result) => {
        feedback.done(result);
        feedback.stale('cancelAsk');
        onDone?.(result);
      },
      onError: (error) => feedback.failed(error, fallback),
    }),
  );
}
