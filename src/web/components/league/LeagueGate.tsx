import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useLeague } from '../../lib/league';
import { Link } from '../../lib/leagueLinks';
import { useSession } from '../../lib/session';
import type { LeaguePublic } from '../../lib/leaguesApi';
import { PageTitle } from '../PageTitle';
import { JoinOpenButton } from './JoinOpenButton';
import './league.css';

/**
 * The page, or why a league's address shows none of its pages (invite-only, unknown, failed).
 * A visitor looking at a league they do not play in is told so above the page.
 */
export function LeagueGate({ children }: { children: ReactNode }) {
  const { blocked, league, isMember, slug } = useLeague();
  if (blocked) return <LeagueBlocked reason={blocked} />;
  const outsider = slug !== null && league !== null && !league.isDefault && isMember !== true;
  return (
    <>
      {outsider ? <OutsiderNotice league={league} /> : null}
      {children}
    </>
  );
}

function OutsiderNotice({ league }: { league: LeaguePublic }) {
  const { isLoggedIn } = useSession();
  const { pathname } = useLocation();
  return (
    <div className="message message-info league-notice" data-testid="league-outsider">
      <p>
        You are looking at <strong>{league.name}</strong>, an open league. {isLoggedIn ? 'Join it to trade here.' : 'Log in to join it and trade here.'}
      </p>
      {isLoggedIn ? (
        <JoinOpenButton league={league} />
      ) : (
        <Link className="button button-small" to="/login" state={{ from: pathname }}>
          Log in
        </Link>
      )}
    </div>
  );
}

const BLOCKED_TEXT = {
  inviteOnly: {
    title: 'This league is invite-only',
    text: 'Only its members can see its pages. To join, ask a member for the invite link.',
  },
  unknown: {
    title: 'League not found',
    text: 'There is no league at this address. It may have been renamed, or the address may be mistyped.',
  },
  failed: {
    title: 'The league could not be loaded',
    text: 'The server did not answer as expected. Reloading usually helps; if it does not, try again in a moment.',
  },
} as const;

function LeagueBlocked({ reason }: { reason: keyof typeof BLOCKED_TEXT }) {
  const { isLoggedIn } = useSession();
  const { pathname } = useLocation();
  const { title, text } = BLOCKED_TEXT[reason];
  return (
    <>
      <PageTitle title={title} />
      <div className="card league-blocked" role={reason === 'failed' ? 'alert' : undefined} data-testid="league-blocked">
        <p>{text}</p>
        <p className="hero-actions">
          {reason === 'failed' ? (
            <button type="button" className="button" onClick={() => window.location.reload()}>
              Reload the page
            </button>
          ) : null}
          {reason === 'inviteOnly' && !isLoggedIn ? (
            <Link className="button" to="/login" state={{ from: pathname }}>
              Log in
            </Link>
          ) : null}
          <Link className={reason === 'failed' ? 'button button-secondary' : 'button'} to="/leagues">
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
