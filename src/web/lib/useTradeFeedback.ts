import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from './leagueLinks';
import { toast } from 'sonner';
import type { TradeResult } from './apiTypes';
import { errorMessage, useTRPC } from './trpc';
import { TOAST } from '../../shared/texts';

export interface FeedbackOptions {
  /** The fallback text of docs/screens.md §4 Texts shown when the server gave no readable error. */
  fallback: string;
  /** A buy: when shares were purchased, the toast advises setting a minimum sale price. */
  purchase?: boolean;
  onSuccess?: (result: TradeResult) => void;
  onError?: (message: string) => void;
}

/**
 * Toasts and refreshes for the trading calls: the server's message on success (every trading call
 * answers `{ message, ... }`), the server's error text or the fallback on failure, and the queries
 * the trade touched refetched at once (the live feed would also do it a moment later).
 *
 *   const feedback = useTradeFeedback();
 *   const accept = useMutation(trpc.trading.acceptOffer.mutationOptions(feedback({ fallback: FAILED.acceptOffer })));
 */
export function useTradeFeedback() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const refresh = useCallback(() => {
    for (const filter of [
      trpc.market.pathFilter(),
      trpc.teams.pathFilter(),
      trpc.auth.me.pathFilter(),
      trpc.portfolio.pathFilter(),
      trpc.trades.pathFilter(),
    ]) {
      void queryClient.invalidateQueries(filter);
    }
  }, [queryClient, trpc]);

  return useCallback(
    ({ fallback, purchase = false, onSuccess, onError }: FeedbackOptions) => ({
      onSuccess: (result: TradeResult) => {
        if (purchase && result.sharesPurchased > 0) {
          toast.success(result.message, {
            description: TOAST.minPriceAdvice,
            action: { label: 'Portfolio', onClick: () => void navigate('/portfolio') },
          });
        } else {
          toast.success(result.message);
        }
        refresh();
        onSuccess?.(result);
      },
      onError: (error: unknown) => {
        const message = errorMessage(error, fallback);
        toast.error(message);
        refresh();
        onError?.(message);
      },
    }),
    [navigate, refresh],
  );
}
