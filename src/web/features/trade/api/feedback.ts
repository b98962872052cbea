import { useMemo } from 'react';
import { toast } from 'sonner';
import type { CommandResult } from '../../../../shared/schemas/trading';
import { useNavigate } from '../../../lib/leagueLinks';
import { ACTION_GROUPS, actionPlan, type TradeAction } from '../../../../shared/live-plan';
import { useInvalidatePlan } from '../../../lib/invalidate';
import { errorMessage } from '../../../lib/trpc';
import { minPriceOnText } from '../texts';

/**
 * What the trade hooks share: the toasts of docs/screens.md §4 Texts (the server's words on success,
 * its error text or the fallback on failure) and what a trade makes stale: each hook (buy.ts,
 * dump.ts, …) names its action, and the plan of src/shared/live-plan.ts (actionPlan) says what.
 */
export function useTradeFeedback() {
  const invalidate = useInvalidatePlan();
  const navigate = useNavigate();
  return useMemo(() => {
    return {
      /** What the action makes stale, by the plan of src/shared/live-plan.ts (actionPlan). */
      stale: (action: TradeAction, answer?: { sold?: number }) => invalidate(actionPlan(action, answer)),
      /** The market's lists and books: players, teams, asks, offers, counts, the caller's orders. */
      market: () => invalidate(ACTION_GROUPS.market),
      /** The caller's holdings, and their value. */
      holdings: () => invalidate(ACTION_GROUPS.holdings),
      /** The caller's cash (the user box). */
      cash: () => invalidate(ACTION_GROUPS.cash),
      /** Trades: the recent list and the caller's history. */
      trades: () => invalidate(ACTION_GROUPS.trades),
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
        invalidate(actionPlan('refused'));
      },
    };
  }, [navigate, invalidate]);
}
