import { EmptyState } from '../../components/EmptyState';
import { InviteLink } from './components/InviteLink';
import { LeagueDetailsForm } from './components/LeagueDetailsForm';
import { LeagueMembers } from './components/LeagueMembers';
import { RemovedMembers } from './components/RemovedMembers';
import { PageTitle } from '../../components/PageTitle';
import { Loading } from '../../components/Spinner';
import { useLeague } from '../../lib/league';
import { Link } from '../../lib/leagueLinks';
import { formatDollars } from '../../lib/format';
import './leagues.css';

/** A league's settings (/l/{slug}/settings): its invite link and members for every member; name, openness and removals for its commissioner. */
export default function LeagueSettingsPage() {
  const { league: shown, leagueId, myLeagues, isMember } = useLeague();
  const league = myLeagues.find((l) => l.id === leagueId);

  if (!league) {
    // A member whose list of leagues is still on its way (just joined or created).
    if (shown === null || isMember) return <Loading />;
    return (
      <>
        <PageTitle title={`${shown.name}: settings`} />
        <EmptyState title="Only members can see a league's settings" action={<Link to="/leagues">See your leagues</Link>}>
          You are not a member of {shown.name}. To join, ask a member for the invite link.
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageTitle
        title={league.name}
        documentTitle={`${league.name}: settings`}
        subtitle={
          <>
            League settings · {league.memberCount === 1 ? '1 member' : `${league.memberCount} members`} · every member starts with{' '}
            {formatDollars(league.startingCash)}
          </>
        }
        actions={
          <>
            <Link className="button button-secondary" to="/rules">
              The rules
            </Link>
            <Link className="button button-secondary" to="/market">
              Go to the market
            </Link>
          </>
        }
      />
      {league.isCommissioner ? (
        <section className="card section league-section" aria-labelledby="league-details-title">
          <h2 id="league-details-title">Name and visibility</h2>
          <LeagueDetailsForm league={league} />
        </section>
      ) : null}
      <section className="card section league-section" aria-labelledby="league-invite-title">
        <h2 id="league-invite-title">Invite people</h2>
        <InviteLink league={league} />
      </section>
      <section className="card section league-section" aria-labelledby="league-members-title">
        <h2 id="league-members-title">Members</h2>
        <LeagueMembers league={league} />
      </section>
      {league.isCommissioner && !league.isDefault ? (
        <section className="card section league-section" aria-labelledby="league-removed-title">
          <h2 id="league-removed-title">Removed members</h2>
          <RemovedMembers league={league} />
        </section>
      ) : null}
    </>
  );
}
