import type { CommandResult } from '../../../../shared/schemas/trading';
import { FAILED } from '../../../../shared/texts';
import { useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { useTradeFeedback } from './feedback';

export interface SetMinSellPriceOptions {
  /** The text shown when the server gave no readable error (docs/screens.md §4 Texts). */
  fallback?: string;
  onDone?: (result: CommandResult) => void;
}

/** A holding's minimum sell price: its unlisted shares sell automatically to any bid at or above it (waiting bids at once). */
export function useSetMinSellPrice({ fallback = FAILED.update, onDone }: SetMinSellPriceOptions = {}) {
  const trpc = useTRPC();
  const feedback = useTradeFeedback();
  return useCommand(
    'trade.setMinSellPrice',
    trpc.trade.setMinSellPrice.mutationOptions({
      onSuccess: (result) => {
        feedback.done(result);
        feedback.stale('setMinSellPrice', result);
        onDone?.(result);
      },
      onError: (error) => feedback.failed(error, fallback),
    }),
  );
}
