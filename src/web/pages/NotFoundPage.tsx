import { useLocation } from 'react-router';
import { Link } from '../lib/leagueLinks';
import { PageTitle } from '../components/PageTitle';
import './NotFoundPage.css';

/** The page for every address the game does not have. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageTitle title="Page not found" />
      <div className="card not-found">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <p>
          There is no page at <code className="path">{pathname}</code>. It may have moved, or the address may be mistyped.
        </p>
        <p className="hero-actions">
          <Link className="button" to="/">
            Go to the home page
          </Link>
          <Link className="button button-secondary" to="/leaderboard">
            See the leaderboard
          </Link>
        </p>
      </div>
    </>
  );
}
