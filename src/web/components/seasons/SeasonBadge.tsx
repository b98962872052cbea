import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { SeasonCountdown } from '../../features/seasons/components/SeasonCountdown';

/** "Season N": the current season of the league the session is in, with the countdown to its end when it ends by itself. */
export function SeasonBadge() {
  const trpc = useTRPC();
  const seasons = useQuery(trpc.seasons.list.queryOptions(undefined, { staleTime: 60_000 }));
  const current = seasons.data?.seasons.at(-1);
  if (!current) return null;
  return (
    <span className="user-money-item season-badge" data-testid="user-season">
      Season {current.number}
      {current.endsAt ? (
        <>
          {' · '}
          <SeasonCountdown endsAt={current.endsAt} compact />
        </>
      ) : null}
    </span>
  );
}
