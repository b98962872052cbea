import { useQuery } from '@tanstack/react-query';
import { LOAD_FAILED } from '../../../shared/texts';
import { ErrorMessage } from '../../components/ErrorMessage';
import { Loading } from '../../components/Spinner';
import { useTRPC } from '../../lib/trpc';
import { SeasonStandings } from '../../components/seasons/SeasonStandings';
import { winnersLine } from '../../components/seasons/winners';
import { RANKING_LABEL } from '../../../shared/ranking';

/** An ended season's final standings in place of the live leaderboard. */
export function ArchivedLeaderboard({ season, meId }: { season: number; meId?: number | undefined }) {
  const trpc = useTRPC();
  const archive = useQuery(trpc.seasons.get.queryOptions({ season }));
  if (archive.isPending) return <Loading label="Loading the season…" />;
  if (archive.isError) return <ErrorMessage onRetry={() => void archive.refetch()}>{LOAD_FAILED.leaderboard}</ErrorMessage>;
  const ended = archive.data.season;
  return (
    <>
      <p className="season-summary" data-testid="season-summary">
        Season {ended.number}, ranked by {RANKING_LABEL[ended.ranking].toLowerCase()}: {winnersLine(ended.winners.map((w) => w.username))}.
      </p>
      <SeasonStandings archive={archive.data} meId={meId} />
    </>
  );
}
