import { useQueryClient, type QueryFilters } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from 'sonner';
import type { CommandResult } from '../../../../shared/schemas/trading';
import { useNavigate } from '../../../lib/leagueLinks';
import { errorMessage, useTRPC } from '../../../lib/trpc';
import { minPriceOnText } from '../texts';

/**
 * What the trade hooks share: the toasts of docs/screens.md §4 Texts (the server's words on success,
 * its error text or the fallback on failure) and the groups of queries a trade can change. Each
 * hook (buy.ts, dump.ts, …) says which of them its action makes stale.
 */
export function useTradeFeedback() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMemo(() => {
    const invalidate = (...filters: QueryFilters[]) => {
      for (const filter of filters) void queryClient.invalidateQueries(filter);
    };
    return {
      /** The market's lists and books: players, teams, asks, offers, counts, the caller's orders. */
      market: () => invalidate(trpc.market.pathFilter(), trpc.teams.pathFilter()),
      /** The caller's holdings, and their value. */
      holdings: () => invalidate(trpc.portfolio.pathFilter()),
      /** The caller's cash (the user box). */
      cash: () => invalidate(trpc.auth.me.pathFilter()),
      /** Trades: the recent list and the caller's history. */
      trades: () => invalidate(trpc.trades.pathFilter()),
      /** The server's words for what happened; `detail` adds its figures. */
      done(result: CommandResult) {
        toast.success(result.message, result.detail ? { description: result.detail } : undefined);
      },
      /** A purchase: what was bought, and that the minimum sell price is already on (set it in the portfolio). */
      bought(result: CommandResult) {
        if (result.bought === 0) return this.done(result);
        const advice = minPriceOnText(result);
        toast.success(result.message, {
          description: [result.detail, advice].filter(Boolean).join(' '),
          action: { label: 'Portfolio', onClick: () => void navigate('/portfolio') },
        });
      },
      failed(error: unknown, fallback: string) {
        toast.error(errorMessage(error, fallback));
        // Whatever refused it may have changed: what the screen shows is read again.
        invalidate(trpc.market.pathFilter(), trpc.teams.pathFilter(), trpc.portfolio.pathFilter());
      },
    };
  }, [navigate, queryClient, trpc]);
}
