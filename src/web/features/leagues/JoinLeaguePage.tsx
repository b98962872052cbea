import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { ErrorMessage } from '../../components/ErrorMessage';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { PendingButton } from '../../components/PendingButton';
import { useCommand } from '../../lib/useCommand';
import { useLeague } from '../../lib/league';
import { leaguePath } from '../../lib/leaguePaths';
import { Link, useNavigateOutsideLeague } from '../../lib/leagueLinks';
import { useLeaguesApi, type LeaguePublic } from '../../lib/leaguesApi';
import { useSession } from '../../lib/session';
import { errorMessage, errorStatus } from '../../lib/trpc';
import { formatInteger } from '../../lib/format';
import './leagues.css';

/** An invite link (/join/{code}): the league it leads to, and a way in (register or log in first, then join). */
export default function JoinLeaguePage() {
  const code = useParams().code ?? '';
  const api = useLeaguesApi();
  const preview = useQuery(api.preview.queryOptions({ code }));

  if (preview.isError && errorStatus(preview.error) === 404) return <InvalidInvite />;
  return (
    <>
      {preview.data === undefined && preview.isError ? <PageTitle title="Join a league" /> : null}
      <QueryState query={preview} loading="Loading the invitation…" failed={errorMessage(preview.error, 'The invitation could not be loaded.')}>
        {(league) => <Invitation league={league} code={code} />}
      </QueryState>
    </>
  );
}

function InvalidInvite() {
  return (
    <>
      <PageTitle title="This invite link does not work" />
      <div className="card join-card" data-testid="join-invalid">
        <p>The link may be mistyped, or the league may have made a new invite link since. Ask a member of the league for the current link.</p>
        <p className="hero-actions">
          <Link className="button" to="/leagues">
            See the leagues
          </Link>
          <Link className="button button-secondary" to="/">
            Go to the home page
          </Link>
        </p>
      </div>
    </>
  );
}

function Invitation({ league, code }: { league: LeaguePublic; code: string }) {
  const { isLoggedIn } = useSession();
  const { myLeagues } = useLeague();
  const member = myLeagues.some((l) => l.id === league.id);
  return (
    <>
      <PageTitle title={`Join ${league.name}`} documentTitle="Join a league" />
      <div className="card join-card" data-testid="join-card">
        <p className="join-lead">
          You are invited to <strong>{league.name}</strong>, a league of{' '}
          {league.memberCount === 1 ? '1 member' : `${formatInteger(league.memberCount)} members`}.
        </p>
        <p>
          Every member starts with the same cash and trades shares with the others. Its market, trades and leaderboard are its own.{' '}
          <Link to={`/join/${encodeURIComponent(code)}/rules`}>Read the league’s rules</Link>.
        </p>
        {!isLoggedIn ? <SignInFirst /> : member ? <AlreadyMember league={league} /> : <JoinButton league={league} code={code} />}
      </div>
    </>
  );
}

function SignInFirst() {
  const { pathname } = useLocation();
  const back = { from: pathname };
  return (
    <>
      <p>To join, create an account or log in. You come back here afterwards.</p>
      <p className="hero-actions">
        <Link className="button" to="/register" state={back}>
          Register
        </Link>
        <Link className="button button-secondary" to="/login" state={back}>
          Log in
        </Link>
      </p>
    </>
  );
}

function AlreadyMember({ league }: { league: LeaguePublic }) {
  return (
    <p className="hero-actions">
      <span>You are already a member.</span>
      <Link className="button" to={leaguePath(league.slug, '/market')}>
        Go to {league.name}
      </Link>
    </p>
  );
}

function JoinButton({ league, code }: { league: LeaguePublic; code: string }) {
  const api = useLeaguesApi();
  const { adopt } = useLeague();
  const navigate = useNavigateOutsideLeague();
  const join = useCommand('leagues.join', api.join.mutationOptions());
  const onJoin = () =>
    join.submit(
      { code },
      {
        onSuccess: ({ league: joined }) => {
          adopt(joined);
          toast.success(`Welcome to ${joined.name}!`);
          void navigate(leaguePath(joined.slug, '/market'));
        },
      },
    );
  return (
    <>
      <ErrorMessage>{join.isError ? errorMessage(join.error, 'You could not join the league. Try again in a moment.') : null}</ErrorMessage>
      <p className="hero-actions">
        <PendingButton className="button" onClick={onJoin} pending={join.pending} pendingLabel={`Joining ${league.name}…`}>
          Join {league.name}
        </PendingButton>
      </p>
    </>
  );
}
