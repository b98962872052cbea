import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { CreateLeagueForm } from './components/CreateLeagueForm';
import { LeagueList } from './components/LeagueList';
import { PageTitle } from '../../components/PageTitle';
import { useLeague } from '../../lib/league';
import { Link } from '../../lib/leagueLinks';
import { useLeaguesApi } from '../../lib/leaguesApi';
import { useSession } from '../../lib/session';
import { LOAD_FAILED } from '../../../shared/texts';
import './leagues.css';
import { QueryState, type QueryLike } from '../../components/QueryState';

/** The user's leagues, the open leagues anyone can look at, and a form to create a league. */
export default function LeaguesPage() {
  const { isLoggedIn } = useSession();
  return (
    <>
      <PageTitle
        title="Leagues"
        subtitle="Each league is a market of its own: its own cash, prices, trades and leaderboard. Your account works in all of them."
      />
      {isLoggedIn ? <MyLeaguesSection /> : null}
      <OpenLeaguesSection />
      <section className="section" aria-labelledby="create-league-title">
        <h2 id="create-league-title">Create a league</h2>
        {isLoggedIn ? <CreateLeagueForm /> : <SignInToCreate />}
      </section>
    </>
  );
}

function MyLeaguesSection() {
  const { leagueId, myLeagues, myLeaguesStatus, refetchMyLeagues } = useLeague();
  // The league context's own query of the user's leagues, as QueryState reads it.
  const query: QueryLike<typeof myLeagues> = {
    data: myLeaguesStatus === 'success' ? myLeagues : undefined,
    error: myLeaguesStatus === 'error' ? LOAD_FAILED.data : null,
    fetchStatus: 'idle',
    refetch: refetchMyLeagues,
  };
  return (
    <section className="section" aria-labelledby="my-leagues-title">
      <h2 id="my-leagues-title">Your leagues</h2>
      <QueryState query={query} loading="Loading your leagues…" failed={LOAD_FAILED.data}>
        {(leagues) => <LeagueList leagues={leagues} shownId={leagueId} testId="my-leagues" />}
      </QueryState>
    </section>
  );
}

function OpenLeaguesSection() {
  const api = useLeaguesApi();
  const { myLeagues } = useLeague();
  const { isLoggedIn } = useSession();
  const browse = useQuery(api.browse.queryOptions());
  const mine = new Set(myLeagues.map((l) => l.id));
  const others = (browse.data?.leagues ?? []).filter((l) => !mine.has(l.id));
  return (
    <section className="section" aria-labelledby="open-leagues-title">
      <h2 id="open-leagues-title">Open leagues</h2>
      <p className="section-lead">Anyone can look at an open league and join it. An invite-only league takes an invite link from one of its members.</p>
      <QueryState
        query={browse}
        loading="Loading the open leagues…"
        failed={LOAD_FAILED.data}
        isEmpty={() => others.length === 0}
        empty={<EmptyState title="No other open leagues">Leagues whose commissioner opens them to everyone show up here.</EmptyState>}
      >
        {() => <LeagueList leagues={others} testId="open-leagues" joinable={isLoggedIn} />}
      </QueryState>
    </section>
  );
}

function SignInToCreate() {
  const { pathname } = useLocation();
  return (
    <EmptyState
      title="Log in to create a league"
      action={
        <Link className="button" to="/login" state={{ from: pathname }}>
          Log in
        </Link>
      }
    >
      Create a league for your friends or your office, then share its invite link.
    </EmptyState>
  );
}
