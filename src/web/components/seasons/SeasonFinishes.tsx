import './seasons.css';
import { useQuery } from '@tanstack/react-query';
import { formatDollars } from '../../lib/format';
import { formatDate } from '../../lib/time';
import { useTRPC } from '../../lib/trpc';

/** A member's final rank in each ended season of the league, newest first (nothing before the first season ends). */
export function SeasonFinishes({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const finishes = useQuery(trpc.seasons.finishes.queryOptions({ userId }));
  const list = finishes.data?.finishes ?? [];
  if (list.length === 0) return null;
  return (
    <section className="section" aria-labelledby="past-seasons-title">
      <h2 id="past-seasons-title">Past seasons</h2>
      <ul className="season-finishes" data-testid="season-finishes">
        {list.map((f) => (
          <li key={f.season}>
            Season {f.season}: <strong>{f.tied ? `T-${f.rank}` : `#${f.rank}`}</strong> of {f.of}, {formatDollars(f.total)} (ended {formatDate(f.endedAt)})
          </li>
        ))}
      </ul>
    </section>
  );
}
