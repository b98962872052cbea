import type { CommandResult } from '../../../../shared/schemas/trading';
import { FAILED } from '../../../../shared/texts';
import { useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { useTradeFeedback } from './feedback';

export interface AcceptAskOptions {
  /** The text shown when the server gave no readable error (docs/screens.md §4 Texts). */
  fallback?: string;
  onDone?: (result: CommandResult) => void;
}

/** Sell to an ask (a buyer's bid) at its price. */
export function useAcceptAsk({ fallback = FAILED.acceptAsk, onDone }: AcceptAskOptions = {}) {
  const trpc = useTRPC();
  const feedback = useTradeFeedback();
  return useCommand(
    'trade.acceptAsk',
    trpc.trade.acceptAsk.mutationOptions({
      onSuccess: (result) => {
        feedback.done(result);
        feedback.stale('acceptAsk');
        onDone?.(result);
      },
      onError: (error) => feedback.failed(error, fallback),
    }),
  );
}
