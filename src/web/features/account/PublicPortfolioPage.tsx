import { skipToken, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../lib/leagueLinks';
import { PortfolioView } from './components/PortfolioView';
import { LOAD_FAILED } from '../../../shared/texts';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage } from '../../components/ErrorMessage';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import type { Portfolio } from './components/HoldingsTables';
import { useSession } from '../../lib/session';
import { errorStatus, useTRPC } from '../../lib/trpc';
import { SeasonFinishes } from '../../components/seasons/SeasonFinishes';
import './PublicPortfolioPage.css';

/** /public/{userId}: anyone's portfolio, read-only, with its owner's name and avatar. */
export default function PublicPortfolioPage() {
  const trpc = useTRPC();
  const { user } = useSession();
  const raw = useParams().userId ?? '';
  const userId = /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const portfolio = useQuery(trpc.portfolio.get.queryOptions(userId !== null ? { userId } : skipToken));

  if (userId === null || (portfolio.isError && errorStatus(portfolio.error) === 404)) {
    return (
      <>
        <PageTitle title="Portfolio not found" />
        <ErrorMessage>There is no player with this portfolio link.</ErrorMessage>
        <p>
          <Link to="/leaderboard">See the leaderboard</Link>
        </p>
      </>
    );
  }
  return (
    <>
      {portfolio.data === undefined ? <PageTitle title="Portfolio" /> : null}
      <QueryState query={portfolio} loading="Loading the portfolio…" failed={LOAD_FAILED.portfolio}>
        {(p) => <PublicPortfolio portfolio={p} own={user?.id === p.userId} />}
      </QueryState>
    </>
  );
}

function PublicPortfolio({ portfolio: p, own }: { portfolio: Portfolio; own: boolean }) {
  return (
    <>
      <PageTitle title={`${p.username}’s portfolio`} documentTitle={`${p.username} · Portfolio`} />
      <div className="card public-owner">
        <Avatar username={p.username} avatar={p.avatar} size="lg" />
        <div>
          <p className="profile-name">{p.username}</p>
          <p className="muted public-note">
            {own ? (
              <>
                This is how others see your portfolio. <Link to="/portfolio">Edit it</Link>
              </>
            ) : (
              'A read-only view of this player’s holdings.'
            )}
          </p>
        </div>
      </div>
      <div className="section">
        <PortfolioView portfolio={p} editable={false} />
      </div>
      <SeasonFinishes userId={p.userId} />
    </>
  );
}
