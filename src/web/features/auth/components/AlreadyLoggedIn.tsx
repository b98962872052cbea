import { Link } from '../../../lib/leagueLinks';
import { useSession } from '../../../lib/session';

/** Shown on the login and register pages to someone who is already logged in. */
export function AlreadyLoggedIn() {
  const { user } = useSession();
  return (
    <div className="card form-card">
      <p>
        You are logged in as <strong>{user?.username}</strong>.
      </p>
      <p className="hero-actions">
        <Link className="button" to="/portfolio">
          Your portfolio
        </Link>
        <Link className="button button-secondary" to="/market">
          The market
        </Link>
      </p>
    </div>
  );
}
