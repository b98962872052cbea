import type { CommandResult } from '../../../../shared/schemas/trading';
import { FAILED } from '../../../../shared/texts';
import { useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { useTradeFeedback } from './feedback';

export interface BuyOptions {
  /** The text shown when the server gave no readable error (docs/screens.md §4 Texts). */
  fallback?: string;
  onDone?: (result: CommandResult) => void;
}

/** Buy shares of a player or a team: the open market first, then sells at or below the price; the rest rests as an ask. Its toast says what was bought and that the minimum sell price is already on. */
export function useBuy({ fallback = FAILED.purchase, onDone }: BuyOptions = {}) {
  const trpc = useTRPC();
  const feedback = useTradeFeedback();
  return useCommand(
    'trade.buy',
    trpc.trade.buy.mutationOptions({
      onSuccess: (result) => {
        feedback.bought(result);
        feedback.stale('buy');
        onDone?.(result);
      },
      onError: (error) => feedback.failed(error, fallback),
    }),
  );
}
