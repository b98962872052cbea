import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage, errorStatus, useTRPC } from '../../../lib/trpc';

/**
 * Every admin text of docs/screens.md §4 Texts, and — unlike the original — the failure text whenever the server
 * refused, never the success text: the server's reason goes with it.
 */
export function useAdminFeedback() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (success: string, failure: string) => ({
    onSuccess: () => {
      toast.success(success);
      for (const filter of [
        trpc.market.pathFilter(),
        trpc.teams.pathFilter(),
        trpc.admin.pathFilter(),
        trpc.portfolio.pathFilter(),
        trpc.auth.me.pathFilter(),
      ]) {
        void queryClient.invalidateQueries(filter);
      }
    },
    onError: (error: unknown) => {
      // Another admin may have changed what the page shows (a draft that ran meanwhile).
      void queryClient.invalidateQueries(trpc.admin.pathFilter());
      const reason = errorMessage(error, '');
      toast.error(failure, reason && reason !== failure ? { description: reason } : undefined);
    },
  });
}

/**
 * When a confirmation closes: on success, and when the server refused (it would refuse again);
 * after a failed connection or a server error it stays open, and Confirm sends the same submission
 * again with the same idempotency key (useCommand keeps the key of an unanswered submission).
 */
export const closeWhenAnswered = (close: () => void) => ({
  onSuccess: close,
  onError: (error: unknown) => {
    const status = errorStatus(error);
    if (status !== null && status >= 400 && status < 500) close();
  },
});
