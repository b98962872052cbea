import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '../lib/leagueLinks';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './RouteError.css';

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a new version was deployed). */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  const status = isRouteErrorResponse(error) ? error.status : null;
  if (error) console.error(error);
  const content = (
    <div className="card error-page" role="alert">
      <h1>{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p>The page could not be shown. Reloading usually helps; if it does not, try again in a moment.</p>
      <p className="error-actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/" reloadDocument>
          Go to the home page
        </Link>
      </p>
    </div>
  );
  return standalone ? <div className="container main">{content}</div> : content;
}
