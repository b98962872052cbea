import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../lib/leagueLinks';
import { LOAD_FAILED } from '../../../shared/texts';
import { Avatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { userPath } from '../../lib/itemLinks';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { FigureCells, FigureHeaders, MoreFigures } from '../../components/standings/StandingFigures';
import { STANDING_COLUMNS, type StandingFigures } from '../../lib/standingColumns';
import { ArchivedLeaderboard } from './LeaderboardSeason';
import { LeagueSeasonSelect } from '../../components/seasons/SeasonSelect';
import { LeagueSeasonsLink } from '../../components/seasons/LeagueSeasonsLink';
import { RankBadge } from '../../components/RankBadge';
import { RANKING_LABEL, RANKING_MEANING, type Ranking } from '../../../shared/ranking';
import type { LeaderboardRowOut } from '../../../shared/schemas/market';
import { QueryState } from '../../components/QueryState';
import '../../components/figures.css';
import './LeaderboardPage.css';

/** What the subtitle says a league ranks by. */
function rankingLine(ranking: Ranking | undefined): string {
  if (ranking === undefined) return 'The top 10 players. Total is cash plus shares.';
  return `Ranked by ${RANKING_LABEL[ranking].toLowerCase()} (${RANKING_MEANING[ranking]}): the top 10 players. Shares are valued at their mark; equal figures share a place.`;
}

/** A row's three figures, as the standings' columns name them. */
const figures = (row: LeaderboardRowOut): StandingFigures => ({ shareValue: row.shareValue, cash: row.cashBalance, total: row.portfolioValue });

/** /leaderboard: the top 10 by the league's ranking rule (share value or net worth), with badges for the top 3 (docs/screens.md §3 Pages). */
export default function LeaderboardPage() {
  const trpc = useTRPC();
  const { user } = useSession();
  const board = useQuery(trpc.stats.leaderboard.queryOptions());
  const ranking = useQuery(trpc.stats.ranking.queryOptions()).data?.ranking;
  const [season, setSeason] = useState<number | null>(null);
  const columns = STANDING_COLUMNS[ranking ?? 'shareValue'];

  return (
    <>
      <PageTitle title="Leaderboard" subtitle={rankingLine(ranking)} actions={<LeagueSeasonsLink />} />
      <LeagueSeasonSelect value={season} onChange={setSeason} />
      {season !== null ? (
        <ArchivedLeaderboard season={season} meId={user?.id} />
      ) : (
        <QueryState
          query={board}
          loading="Loading the leaderboard…"
          failed={LOAD_FAILED.leaderboard}
          isEmpty={(rows) => rows.length === 0}
          empty={
            <EmptyState title="Nobody on the board yet">
              <p>The leaderboard fills as soon as players buy their first shares.</p>
            </EmptyState>
          }
        >
          {(rows) => (
            <div className="table-wrap acct-scroll" tabIndex={0} role="region" aria-label="Leaderboard">
              <table className="table leaderboard-table">
                <caption className="sr-only">Top 10 players by {ranking ? RANKING_LABEL[ranking].toLowerCase() : 'rank'}</caption>
                <thead>
                  <tr>
                    <th scope="col">Rank</th>
                    <th scope="col">Player</th>
                    <FigureHeaders columns={columns} />
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.userId} className={row.userId === user?.id ? 'is-me' : undefined}>
                      <td>
                        <RankBadge rank={row.rank} tied={row.tied} />
                      </td>
                      <th scope="row">
                        <div className="leader-name">
                          <Link to={userPath(row.userId)}>
                            <Avatar username={row.username} avatar={row.avatar} size="sm" />
                            <span className="leader-username">{row.username}</span>
                          </Link>
                          {row.userId === user?.id ? <span className="you-badge">You</span> : null}
                        </div>
                        <MoreFigures columns={columns} figures={figures(row)} />
                      </th>
                      <FigureCells columns={columns} figures={figures(row)} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryState>
      )}
    </>
  );
}
