import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** "Season N": the current season of the league the session is in. */
export function SeasonBadge() {
  const trpc = useTRPC();
  const seasons = useQuery(trpc.seasons.list.queryOptions(undefined, { staleTime: 60_000 }));
  const current = seasons.data?.seasons.at(-1);
  if (!current) return null;
  return (
    <span className="user-money-item season-badge" data-testid="user-season">
      Season {current.number}
    </span>
  );
}
