import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Avatar } from '../components/Avatar';
import { ErrorMessage } from '../components/ErrorMessage';
import { PageTitle } from '../components/PageTitle';
import { Loading } from '../components/Spinner';
import { errorCode, errorMessage, useTRPC } from '../lib/trpc';
import NotFoundPage from './NotFoundPage';

/** /public/:userId: a read-only portfolio anyone can see. */
export default function PublicPortfolioPage() {
  const { userId = '' } = useParams();
  const id = Number(userId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const trpc = useTRPC();
  const user = useQuery({ ...trpc.users.get.queryOptions({ id }), enabled: valid });

  if (!valid || errorCode(user.error) === 'NOT_FOUND') return <NotFoundPage />;
  if (user.isPending) {
    return (
      <>
        <PageTitle title="Portfolio" />
        <Loading />
      </>
    );
  }
  if (user.isError) {
    return (
      <>
        <PageTitle title="Portfolio" />
        <ErrorMessage onRetry={() => void user.refetch()}>{errorMessage(user.error, 'Failed to load portfolio')}</ErrorMessage>
      </>
    );
  }
  const { username, avatar } = user.data;
  return (
    <>
      <PageTitle title={`${username}’s Portfolio`} />
      <div className="card profile-card">
        <Avatar username={username} avatar={avatar} size="lg" />
        <div>
          <p className="profile-name">{username}</p>
          <p className="muted">The holdings and value of this portfolio are coming soon.</p>
          <p>
            <Link to="/leaderboard">See the leaderboard</Link>
          </p>
        </div>
      </div>
    </>
  );
}
