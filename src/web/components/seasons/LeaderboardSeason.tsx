import { useQuery } from '@tanstack/react-query';
import { LOAD_FAILED } from '../../../shared/texts';
import { ErrorMessage } from '../ErrorMessage';
import { Loading } from '../Spinner';
import { useTRPC } from '../../lib/trpc';
import { SeasonStandings } from './SeasonStandings';

/** An ended season's final standings in place of the live leaderboard. */
export function ArchivedLeaderboard({ season, meId }: { season: number; meId?: number | undefined }) {
  const trpc = useTRPC();
  const archive = useQuery(trpc.seasons.get.queryOptions({ season }));
  if (archive.isPending) return <Loading label="Loading the season…" />;
  if (archive.isError) return <ErrorMessage onRetry={() => void archive.refetch()}>{LOAD_FAILED.leaderboard}</ErrorMessage>;
  return <SeasonStandings archive={archive.data} meId={meId} />;
}
