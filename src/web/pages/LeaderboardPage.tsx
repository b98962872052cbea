import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../lib/leagueLinks';
import { LOAD_FAILED } from '../../shared/texts';
import { Avatar } from '../components/Avatar';
import { EmptyState } from '../components/EmptyState';
import { ErrorMessage } from '../components/ErrorMessage';
import { PageTitle } from '../components/PageTitle';
import { Loading } from '../components/Spinner';
import { formatDollars } from '../lib/format';
import { userPath } from '../lib/itemLinks';
import { useSession } from '../lib/session';
import { useTRPC } from '../lib/trpc';
import './account.css';
import { NumHeader } from '../components/NumHeader';
import { ArchivedLeaderboard } from '../components/seasons/LeaderboardSeason';
import { LeagueSeasonSelect } from '../components/seasons/SeasonSelect';
import { LeagueSeasonsLink } from '../components/seasons/LeagueSeasonsLink';

const MEDALS: Record<number, { className: string; label: string }> = {
  1: { className: 'rank-gold', label: '1st place, gold' },
  2: { className: 'rank-silver', label: '2nd place, silver' },
  3: { className: 'rank-bronze', label: '3rd place, bronze' },
};

function RankBadge({ rank }: { rank: number }) {
  const medal = MEDALS[rank];
  if (!medal) return <span className="rank">{rank}</span>;
  return (
    <span className={`rank rank-medal ${medal.className}`} title={medal.label}>
      <span aria-hidden="true">{rank}</span>
      <span className="sr-only">{medal.label}</span>
    </span>
  );
}

/** /leaderboard: the top 10 by share value, with badges for the top 3 (docs/screens.md §3 Pages). */
export default function LeaderboardPage() {
  const trpc = useTRPC();
  const { user } = useSession();
  const board = useQuery(trpc.stats.leaderboard.queryOptions());
  const [season, setSeason] = useState<number | null>(null);

  return (
    <>
      <PageTitle title="Leaderboard" subtitle="The top 10 players by the value of their shares. Total is cash plus shares." actions={<LeagueSeasonsLink />} />
      <LeagueSeasonSelect value={season} onChange={setSeason} />
      {season !== null ? (
        <ArchivedLeaderboard season={season} meId={user?.id} />
      ) : board.isPending ? (
        <Loading label="Loading the leaderboard…" />
      ) : board.isError ? (
        <ErrorMessage onRetry={() => void board.refetch()}>{LOAD_FAILED.leaderboard}</ErrorMessage>
      ) : board.data.length === 0 ? (
        <EmptyState title="Nobody on the board yet">
          <p>The leaderboard fills as soon as players buy their first shares.</p>
        </EmptyState>
      ) : (
        <div className="table-wrap acct-scroll" tabIndex={0} role="region" aria-label="Leaderboard">
          <table className="table leaderboard-table">
            <caption className="sr-only">Top 10 players by share value</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Player</th>
                <NumHeader>Share value</NumHeader>
                <NumHeader>Cash</NumHeader>
                <NumHeader>Total</NumHeader>
              </tr>
            </thead>
            <tbody>
              {board.data.map((row) => (
                <tr key={row.userId} className={row.userId === user?.id ? 'is-me' : undefined}>
                  <td>
                    <RankBadge rank={row.rank} />
                  </td>
                  <th scope="row">
                    <div className="leader-name">
                      <Link to={userPath(row.userId)}>
                        <Avatar username={row.username} avatar={row.avatar} size="sm" />
                        <span className="leader-username">{row.username}</span>
                      </Link>
                      {row.userId === user?.id ? <span className="you-badge">You</span> : null}
                    </div>
                  </th>
                  <td className="num strong">{formatDollars(row.shareValue)}</td>
                  <td className="num">{formatDollars(row.cashBalance)}</td>
                  <td className="num">{formatDollars(row.portfolioValue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
