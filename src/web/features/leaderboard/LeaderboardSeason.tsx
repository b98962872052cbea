import { useQuery } from '@tanstack/react-query';
import { LOAD_FAILED } from '../../../shared/texts';
import { QueryState } from '../../components/QueryState';
import { useTRPC } from '../../lib/trpc';
import { SeasonStandings } from '../../components/seasons/SeasonStandings';
import { winnersLine } from '../../components/seasons/winners';
import { RANKING_LABEL } from '../../../shared/ranking';

/** An ended season's final standings in place of the live leaderboard. */
export function ArchivedLeaderboard({ season, meId }: { season: number; meId?: number | undefined }) {
  const trpc = useTRPC();
  const archive = useQuery(trpc.seasons.get.queryOptions({ season }));
  return (
    <QueryState query={archive} loading="Loading the season…" failed={LOAD_FAILED.leaderboard}>
      {(data) => (
        <>
          <p className="season-summary" data-testid="season-summary">
            Season {data.season.number}, ranked by {RANKING_LABEL[data.season.ranking].toLowerCase()}: {winnersLine(data.season.winners.map((w) => w.username))}
            .
          </p>
          <SeasonStandings archive={data} meId={meId} />
        </>
      )}
    </QueryState>
  );
}
